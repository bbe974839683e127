#!/bin/bash
# Wrong (written to fool the grader): one all-day reminder on each day around the estimate,
# so that one of them is on the delivery day.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient

SHOP, MAIL, CAL = ("http://127.0.0.1:1234/api", "http://127.0.0.1:5001/api",
                   "http://127.0.0.1:5006/api")
login = {"username": "alice", "password": "alice-pass"}
shop, mail, cal = (ServiceClient(base).login(**login) for base in (SHOP, MAIL, CAL))
code = "ORD-204518"  # the shipped desk order, as the shop lists it
notice = mail.call("GET", f"/messages?q={code}")["items"][0]
day = "2026-03-05"  # "Estimated delivery: Thursday 5 March" in the notice
for d in ("2026-03-04", "2026-03-05", "2026-03-06"):
    cal.call("POST", "/events", {"title": f"Desk delivery {code}?", "all_day": True,
                                 "start_date": d, "end_date": d})
PY
