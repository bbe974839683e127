#!/bin/bash
# content class everyone-elses-items: the title lists every order of Alice (chair, desk, monitor arm) with their numbers, so it does not single out the desk order.
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

event("Deliveries: ORD-203977 chair, ORD-204518 desk, ORD-204602 monitor arm - stay home")
PY
