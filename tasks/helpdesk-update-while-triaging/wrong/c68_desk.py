"""Shared steps of the c68 scripts for helpdesk-update-while-triaging: Alice's triage calls."""

import time

from mock_services.client import ServiceClient

DESK, WIKI = "http://127.0.0.1:5100/api", "http://127.0.0.1:5130/api"
ESCALATION = (
    "Hi Tom,\n\nThanks for the update. As your whole sales team is locked out of the CRM, we "
    "have escalated this ticket as urgent to our Technical Escalations team, who will contact "
    "you within the hour.\n\nAlice"
)


def desk(user: str = "alice") -> ServiceClient:
    """A helpdesk client logged in as ``user``, after reading the triage rules and the queue's
    new tickets as a careful agent would."""
    wiki = ServiceClient(WIKI).login(username="alice", password="alice-pass")
    found = wiki.call("GET", "/search?q=Tier+1+triage+rules&space=SUP")["items"]
    wiki.call("GET", f"/pages/{found[0]['page']['id']}")
    api = ServiceClient(DESK).login(username=user, password=f"{user}-pass")
    for ticket in api.call("GET", "/tickets?status=new&group=Tier+1+Support")["items"]:
        api.call("GET", f"/tickets/{ticket['code']}")
    return api


def wait_for_update(api: ServiceClient, code: str = "TK-1102", timeout: float = 60) -> dict:
    """The ticket once its requester has commented on it (read again until then)."""
    end = time.time() + timeout
    while time.time() < end:
        ticket = api.call("GET", f"/tickets/{code}")
        if any(c.get("author") is None for c in ticket.get("comments", [])):
            return ticket
        time.sleep(1)
    raise SystemExit(f"{code}: no update from the requester")


def keep(api: ServiceClient, code: str, priority: str) -> dict:
    """Assign the ticket to Alice with ``priority``, open."""
    body = {"assignee": "alice", "priority": priority, "status": "open"}
    return api.call("PATCH", f"/tickets/{code}", body)


def escalate(api: ServiceClient, code: str = "TK-1102", reply: str = ESCALATION) -> dict:
    """Urgent, to Technical Escalations with nobody assigned, and the public reply."""
    body = {"priority": "urgent", "group": "Technical Escalations", "assignee": None}
    api.call("PATCH", f"/tickets/{code}", body)
    return api.call("POST", f"/tickets/{code}/comments", {"body": reply, "public": True})
