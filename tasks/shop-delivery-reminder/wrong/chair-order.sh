#!/bin/bash
# WRONG (decoy): uses the old chair shipping mail: reminder titled with ORD-203977 on 16 February.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient
cal = ServiceClient("http://127.0.0.1:5006/api").login(username="alice", password="alice-pass")
def ev(**b): print(cal.call("POST", "/events", b))

ev(title="Chair delivery ORD-203977: stay home", all_day=True, start_date="2026-02-16", end_date="2026-02-16")
PY
