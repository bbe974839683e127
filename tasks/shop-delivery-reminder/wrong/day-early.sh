#!/bin/bash
# WRONG: right title, but the all-day reminder is on 4 March, a day before the estimated delivery (5 March).
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient
cal = ServiceClient("http://127.0.0.1:5006/api").login(username="alice", password="alice-pass")
def ev(**b): print(cal.call("POST", "/events", b))

ev(title="Desk delivery ORD-204518: stay home", all_day=True, start_date="2026-03-04", end_date="2026-03-04")
PY
