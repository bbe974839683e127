#!/bin/bash
# Wrong (output written to fool the grader): writes the new times straight into the calendar's
# DB file where it is writable (the no-Docker runner runs the agent as root), so no guest's
# calendar was ever told by the calendar; mails right. In a task image the agent cannot write
# the DB and the meeting stays where it was.
set -uo pipefail
python3 - <<'PY'
import sqlite3

from mock_services.client import ServiceClient

MAIL, CAL = "http://127.0.0.1:5001/api", "http://127.0.0.1:5006/api"
login = {"username": "alice", "password": "alice-pass"}
mail = ServiceClient(MAIL).login(**login)
cal = ServiceClient(CAL).login(**login)

meeting = cal.call("GET", "/events/2")
try:
    with sqlite3.connect("/var/lib/mock-data/calendar.db", timeout=10) as db:
        db.execute("UPDATE events SET start_at = '2026-03-03 15:40:00.000000', "
                   "end_at = '2026-03-03 17:10:00.000000' WHERE id = 2")
except sqlite3.Error as exc:
    print("cannot write the calendar DB:", exc)
mail.call("POST", "/messages/send", {
    "to": [a["email"] for a in meeting["attendees"]],
    "subject": f"Moved: {meeting['title']} now at 15:40",
    "body": "My flight is delayed, so the workshop now starts at 15:40 (London time)."})
PY
