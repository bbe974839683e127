#!/bin/bash
# wrong target (decoy): picks the first 'has shipped' mail, the office chair's (ORD-203977, est. Monday 16 February), and puts the reminder on 2026-02-16 with the chair's order number; the desk is not covered.
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

mails = mail.call("GET", "/messages?q=shipped")["items"]
chair = [m for m in mails if "ORD-203977" in m["subject"]][0]
event("Delivery ORD-203977: stay home", "2026-02-16", "2026-02-16")
PY
