#!/bin/bash
# Wrong (right effect, wrong details): finds Friday 10:00 but sends it as UTC, which is 11:00
# in Paris.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient

health = ServiceClient("http://127.0.0.1:5007/api").login("alice", "alice-pass")
calendar = ServiceClient("http://127.0.0.1:5006/api").login("alice", "alice-pass")
health.call("POST", "/appointments/APT-000002/reschedule", {"start": "2026-03-06T10:00:00Z"})
PY
