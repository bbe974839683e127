"""Shared by the d69 scripts: restore the runbook and settle the drafts as the reference does,
with the free text given (version messages and an optional page comment)."""

from mock_services.client import ServiceClient


def restore(
    restore_message: str = "Restore the last good version",
    label_message: str = "Checked",
    publish_message: str = "",
    comment: str | None = None,
    comment_on_checklist: bool = False,
) -> None:
    """Restore version 2 with its labels plus ``verified``, resolve Heidi's request, discard
    Frank's rewrite, publish the checklist; then post ``comment`` if given."""
    kb = ServiceClient("http://127.0.0.1:5130/api").login("alice", "alice-pass")
    pages = kb.call("GET", "/pages?space=ENG&per_page=100")["items"]
    (runbook,) = [
        p for p in pages if p["status"] == "published" and p["title"].endswith("failover runbook")
    ]
    (rewrite,) = [
        p for p in pages if p["status"] == "draft" and p["title"] == f"{runbook['title']} (rewrite)"
    ]
    (checklist,) = [
        p
        for p in pages
        if p["status"] == "draft"
        and p["author"] == "alice"
        and p["title"].startswith("Failover drill")
    ]
    good = kb.call("GET", f"/pages/{runbook['id']}/versions/2")
    kb.call("POST", f"/pages/{runbook['id']}/restore", {"version": 2, "message": restore_message})
    kb.call(
        "PATCH",
        f"/pages/{runbook['id']}",
        {"labels": [*good["labels"], "verified"], "message": label_message},
    )
    comments = kb.call("GET", f"/pages/{runbook['id']}/comments?resolved=false")["items"]
    (request,) = [c for c in comments if c["author"] == "heidi"]
    kb.call("POST", f"/comments/{request['id']}/resolve", {})
    kb.call("DELETE", f"/pages/{rewrite['id']}")
    kb.call("POST", f"/pages/{checklist['id']}/publish", {"message": publish_message})
    if comment is not None:
        target = checklist if comment_on_checklist else runbook
        kb.call("POST", f"/pages/{target['id']}/comments", {"body": comment})
