#!/bin/bash
# Correct alternative: Tom's ticket handled last, the reply posted before the move (submitted as
# open), an internal note for Technical Escalations beside it, and the other two opened by a
# status change apart from their assignment.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from triage import *

read_rules()
for code, level in ((PRIYA, "normal"), (MARIA, "low")):
    desk.call("PATCH", f"/tickets/{code}", {"assignee": "alice", "priority": level})
    desk.call("PATCH", f"/tickets/{code}", {"status": "open"})
wait_for_update()
reply(
    TOM,
    "Dear Tom,\n\nI'm sorry your entire team is blocked. I've escalated your ticket to urgent and "
    "handed it to our Technical Escalations team, who will contact you within the hour.\n\nAlice",
    status="open",
)
desk.call(
    "POST",
    f"/tickets/{TOM}/comments",
    {"body": "Whole Northwind sales team locked out of the CRM (password expired loop).", "public": False},
)
escalate(TOM)
PY
