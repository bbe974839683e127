#!/bin/bash
# ALT (right): all-day event on 5 March titled 'Work from home - standing desk delivery (order ORD-204518)'.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient
cal = ServiceClient("http://127.0.0.1:5006/api").login(username="alice", password="alice-pass")
def ev(**b): print(cal.call("POST", "/events", b))

ev(title="Work from home - standing desk delivery (order ORD-204518)", all_day=True, start_date="2026-03-05", end_date="2026-03-05", description="FastFreight delivers between 08:00 and 18:00; someone must sign.")
PY
