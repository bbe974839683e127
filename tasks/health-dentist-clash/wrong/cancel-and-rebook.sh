#!/bin/bash
# Wrong (forbidden shortcut): cancels the appointment and books a new one at the right time.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient

health = ServiceClient("http://127.0.0.1:5007/api").login("alice", "alice-pass")
calendar = ServiceClient("http://127.0.0.1:5006/api").login("alice", "alice-pass")
appointment = health.call("GET", "/appointments/APT-000002")
health.call("POST", "/appointments/APT-000002/cancel")
health.call(
    "POST",
    "/appointments",
    {"provider_id": appointment["provider"]["id"], "start": "2026-03-06T10:00:00+01:00",
     "duration_minutes": 45, "reason": appointment["reason"]},
)
PY
