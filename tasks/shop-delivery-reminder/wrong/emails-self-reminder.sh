#!/bin/bash
# wrong channel/side effect: sends herself a reminder mail about the desk delivery instead of adding a calendar event; no event, and the mailbox changes.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient
SHOP, MAIL, CAL = "http://127.0.0.1:1234/api", "http://127.0.0.1:5001/api", "http://127.0.0.1:5006/api"
shop, mail, cal = (ServiceClient(b).login("alice", "alice-pass") for b in (SHOP, MAIL, CAL))
CODE, DAY = "ORD-204518", "2026-03-05"
def event(title, start=DAY, end=DAY):
    e = cal.call("POST", "/events", {"title": title, "all_day": True, "start_date": start, "end_date": end})
    print("created", e)
    return e

print(mail.call("POST", "/messages/send", {"to": ["alice@example.test"], "subject": f"Reminder: desk delivery {CODE} on Thursday 5 March", "body": "Work from home that day."}))
PY
