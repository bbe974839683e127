"""What the b68 wrong runs share: alice's helpdesk client and the right triage steps."""

import time
from typing import Any

from mock_services.client import ServiceClient

hd = ServiceClient("http://127.0.0.1:5100/api", attempts=20).login("alice", "alice-pass")
REPLY = (
    "Hi Tom,\n\nThank you for the update. I have escalated your ticket as urgent to our "
    "Technical Escalations team; they will contact you within the hour.\n\nAlice"
)


def wait_for_update(code: str = "TK-1102", seconds: float = 40) -> dict[str, Any]:
    """The ticket once its requester has added a comment (polled for up to ``seconds``)."""
    deadline = time.monotonic() + seconds
    while True:
        ticket = hd.call("GET", f"/tickets/{code}")
        if any(c["author"] is None for c in ticket["comments"]) or time.monotonic() > deadline:
            return ticket
        time.sleep(1)


def take(code: str, priority: str, **fields: Any) -> None:
    """Triage a ticket as the rules say for high, normal and low: mine, its priority, open."""
    hd.call(
        "PATCH",
        f"/tickets/{code}",
        {"priority": priority, "assignee": "alice", "status": "open"} | fields,
    )


def escalate(code: str = "TK-1102", reply: str | None = REPLY, **fields: Any) -> None:
    """Triage an urgent ticket: Technical Escalations, no assignee, and the public reply."""
    body = {
        "priority": "urgent",
        "group": "Technical Escalations",
        "assignee": None,
        "status": "open",
    }
    hd.call("PATCH", f"/tickets/{code}", body | fields)
    if reply:
        hd.call("POST", f"/tickets/{code}/comments", {"body": reply, "public": True})


def triage_right() -> None:
    """The whole triage done right, the blocked team's ticket once its update is in."""
    take("TK-1101", "normal")
    take("TK-1103", "low")
    wait_for_update()
    escalate()
