#!/bin/bash
# WRONG: a timed 08:00-18:00 event instead of an all-day reminder.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient
cal = ServiceClient("http://127.0.0.1:5006/api").login(username="alice", password="alice-pass")
def ev(**b): print(cal.call("POST", "/events", b))

ev(title="Desk delivery ORD-204518: stay home", start="2026-03-05T08:00:00", end="2026-03-05T18:00:00")
PY
