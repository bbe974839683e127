"""Steps the wrong solutions and the alternatives share: Alice's sessions, waiting for Tom's
update as a careful agent re-reads (or not), and the triage moves on one ticket."""

import time

from mock_services.client import ServiceClient

TOM, PRIYA, MARIA = "TK-1102", "TK-1101", "TK-1103"
desk = ServiceClient("http://127.0.0.1:5100/api").login("alice", "alice-pass")
kb = ServiceClient("http://127.0.0.1:5130/api").login("alice", "alice-pass")
RIGHT_REPLY = (
    "Hi Tom,\n\nthank you for the update. With your whole team locked out, I have escalated "
    "this ticket as urgent to our Technical Escalations team; one of their engineers will "
    "contact you within the hour.\n\nAlice"
)


def read_rules() -> str:
    return kb.call("GET", "/pages/2")["body"]


def read(code: str) -> dict:
    return desk.call("GET", f"/tickets/{code}")


def wait_for_update(limit: float = 30) -> dict:
    """Re-read Tom's ticket every second until his update is there (or ``limit`` passes)."""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        ticket = read(TOM)
        if any(c["author"] is None for c in ticket["comments"]):
            return ticket
        time.sleep(1)
    raise SystemExit("no update from Tom")


def keep(code: str, priority: str) -> None:
    desk.call(
        "PATCH", f"/tickets/{code}", {"priority": priority, "assignee": "alice", "status": "open"}
    )


def escalate(code: str) -> None:
    desk.call(
        "PATCH",
        f"/tickets/{code}",
        {"priority": "urgent", "group": "Technical Escalations", "assignee": None},
    )


def reply(code: str, text: str = RIGHT_REPLY, **extra) -> None:
    desk.call("POST", f"/tickets/{code}/comments", {"body": text, "public": True, **extra})


def others() -> None:
    keep(PRIYA, "normal")
    keep(MARIA, "low")
