"""What the wrong solutions of kb-postmortem-from-email share: Alice's sessions in the wiki and
the webmail, the pages the task is about, the right postmortem text (``BODY``, which a script
changes), and each step as the reference does it (``do_all`` runs them all)."""

from mock_services.client import ServiceClient

mail = ServiceClient("http://127.0.0.1:5001/api").login("alice", "alice-pass")
kb = ServiceClient("http://127.0.0.1:5130/api").login("alice", "alice-pass")
TEAM = ["frank@example.test", "grace@example.test"]
TITLE = "Postmortem: checkout payment failures"


def page_titled(title: str, space: str = "ENG") -> dict:
    (page,) = [
        p
        for p in kb.call("GET", f"/pages?space={space}&per_page=100")["items"]
        if p["title"] == title
    ]
    return page


INDEX = page_titled("Incident reports")
SUPPORT_INDEX = page_titled("Incident reports", "SUP")
BODY = """# Postmortem: checkout payment failures

## Summary
On Tuesday 1 December card payments at checkout failed from 09:14 to 10:52 UTC: the payments
gateway answered 502 because its TLS certificate had expired.

## Timeline (UTC)
- 09:14 the certificate of pay-gw.internal expires; card payments start failing
- 10:40 the load balancer change is rolled back, which does not help
- 10:47 Frank renews the certificate
- 10:52 the gateway has reloaded and the errors stop

## Root cause
The TLS certificate of the payments gateway expired. The load balancer change was unrelated.

## Impact
1,312 checkouts failed. No customer was charged twice.

## Action items
| what | owner | due |
|---|---|---|
| expiry alerts for every internal certificate, 30 days ahead | Frank | 11 December |
| apology with a 10% voucher to the affected customers | Grace | 4 December |
"""


def publish(
    body: str = BODY,
    title: str = TITLE,
    parent: dict = INDEX,
    space: str = "ENG",
    status: str = "published",
) -> dict:
    return kb.call(
        "POST",
        "/pages",
        {"space": space, "parent_id": parent["id"], "title": title, "body": body, "status": status},
    )


def link(page: dict, index: dict = INDEX) -> None:
    body = kb.call("GET", f"/pages/{index['id']}")["body"]
    kb.call("PATCH", f"/pages/{index['id']}", {"body": body + f"- [[{page['title']}]]\n"})


def send(page: dict, to: list[str] = TEAM, text: str | None = None) -> None:
    body = text or f"The postmortem is in the wiki: http://localhost:5130/pages/{page['id']}"
    mail.call("POST", "/messages/send", {"to": to, "subject": page["title"], "body": body})


def do_all(body: str = BODY) -> dict:
    page = publish(body)
    link(page)
    send(page)
    return page
