#!/bin/bash
# redone: creates the reminder, then (unsure the first call worked) creates it a second time, leaving two identical events where one was asked for.
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

event(f"Desk delivery {CODE}: work from home")
event(f"Desk delivery {CODE}: work from home")
PY
