"""What the wrong solutions of kb-runbook-restore share: Alice's session in the wiki, the pages
the task is about found by space and title, and each step of the job as the reference does it
(``do_all`` runs every step, a script leaves out or changes one)."""

from mock_services.client import ServiceClient

kb = ServiceClient("http://127.0.0.1:5130/api").login("alice", "alice-pass")


def page_titled(title: str, space: str = "ENG") -> dict:
    found = kb.call("GET", f"/pages?space={space}&per_page=100")["items"]
    (page,) = [p for p in found if p["title"] == title]
    return page


RUNBOOK = page_titled("Database failover runbook")
OTHER_RUNBOOK = page_titled("Database failover runbook", "DATA")
REWRITE = page_titled("Database failover runbook (rewrite)")
CHECKLIST = page_titled("Failover drill checklist")


def version(number: int, page: dict = RUNBOOK) -> dict:
    return kb.call("GET", f"/pages/{page['id']}/versions/{number}")


def restore(number: int, page: dict = RUNBOOK) -> None:
    kb.call("POST", f"/pages/{page['id']}/restore", {"version": number})


def label(labels: list[str], page: dict = RUNBOOK) -> None:
    kb.call("PATCH", f"/pages/{page['id']}", {"labels": labels})


def good_labels() -> list[str]:
    return [*version(2)["labels"], "verified"]


def open_comments(page: dict = RUNBOOK) -> list[dict]:
    return kb.call("GET", f"/pages/{page['id']}/comments?resolved=false")["items"]


def resolve(comment: dict) -> None:
    kb.call("POST", f"/comments/{comment['id']}/resolve", {})


def resolve_request() -> None:
    (request,) = [c for c in open_comments() if "put it back" in c["body"]]
    resolve(request)


def discard(page: dict = REWRITE) -> None:
    kb.call("DELETE", f"/pages/{page['id']}")


def publish(page: dict = CHECKLIST) -> None:
    kb.call("POST", f"/pages/{page['id']}/publish", {})


def do_all(number: int = 2) -> None:
    restore(number)
    label([*version(number)["labels"], "verified"])
    resolve_request()
    discard()
    publish()
