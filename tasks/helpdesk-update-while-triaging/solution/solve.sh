#!/bin/bash
# Reference solution: read the wiki's triage rules and the new tickets of the Tier 1 queue, then,
# as a careful agent does before it commits, read the queue again (every second, for a bounded
# time) until a requester has added to a ticket; judge each ticket on its description and every
# comment as they stand then. Tom's ticket is now a whole team blocked: urgent, moved to
# Technical Escalations with nobody assigned and a public reply saying so; the others are
# assigned to Alice with their priority and opened, without a reply.
set -euo pipefail
python3 - <<'PY'
import time

from mock_services.client import ServiceClient

desk = ServiceClient("http://127.0.0.1:5100/api").login("alice", "alice-pass")
kb = ServiceClient("http://127.0.0.1:5130/api").login("alice", "alice-pass")

pages = kb.call("GET", "/pages?space=SUP&per_page=100")["items"]
rules_page = next(p for p in pages if p["title"] == "Tier 1 triage rules")
rules = kb.call("GET", f"/pages/{rules_page['id']}")["body"]
assert "Technical Escalations" in rules and "within the hour" in rules, rules


def queue() -> dict[str, dict]:
    found = desk.call("GET", "/tickets?status=new&group=Tier%201%20Support&per_page=100")["items"]
    return {t["code"]: desk.call("GET", f"/tickets/{t['code']}") for t in found}


def heard(ticket: dict) -> int:
    return sum(1 for c in ticket["comments"] if c["author"] is None)


first = queue()
deadline = time.monotonic() + 30
tickets = first
while time.monotonic() < deadline:
    time.sleep(1)
    tickets = queue()
    if any(heard(t) != heard(first[code]) for code, t in tickets.items() if code in first):
        break


def priority(ticket: dict) -> str:
    said = " ".join(
        [ticket["description"]] + [c["body"] for c in ticket["comments"] if c["author"] is None]
    ).lower()
    if any(w in said for w in ("nobody in our", "all twelve of us", "whole team")):
        return "urgent"
    if "can't do my job" in said or "cannot do my job" in said:
        return "high"
    if ticket["type"] == "question":
        return "low"
    return "normal"


for code, ticket in tickets.items():
    level = priority(desk.call("GET", f"/tickets/{code}"))  # as it stands now
    if level == "urgent":
        desk.call(
            "PATCH",
            f"/tickets/{code}",
            {"priority": "urgent", "group": "Technical Escalations", "assignee": None},
        )
        first_name = ticket["requester_name"].split()[0]
        desk.call(
            "POST",
            f"/tickets/{code}/comments",
            {
                "public": True,
                "body": f"Hi {first_name},\n\nthank you for the update. With your whole team "
                "locked out, I have escalated this ticket as urgent to our Technical Escalations "
                "team; one of their engineers will contact you within the hour.\n\nAlice",
            },
        )
    else:
        desk.call(
            "PATCH", f"/tickets/{code}", {"priority": level, "assignee": "alice", "status": "open"}
        )
    print(code, level)
PY
