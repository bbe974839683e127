#!/bin/bash
# WRONG (other item): right day, but the title carries the monitor-arm order number ORD-204602.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient
cal = ServiceClient("http://127.0.0.1:5006/api").login(username="alice", password="alice-pass")
def ev(**b): print(cal.call("POST", "/events", b))

ev(title="Desk delivery ORD-204602: stay home", all_day=True, start_date="2026-03-05", end_date="2026-03-05")
PY
