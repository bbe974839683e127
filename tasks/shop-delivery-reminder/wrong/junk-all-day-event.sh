#!/bin/bash
# unrelated row: an all-day event that has nothing to do with the delivery (another day, a junk title), the shop and mailbox left alone, so only its shape is right.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient
cal = ServiceClient("http://127.0.0.1:5006/api").login("alice", "alice-pass")
print("created", cal.call("POST", "/events", {"title": "xyz", "all_day": True, "start_date": "2026-03-10", "end_date": "2026-03-10"}))
PY
