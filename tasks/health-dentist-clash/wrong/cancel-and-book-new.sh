#!/bin/bash
# wrong (forbidden shortcut): cancels APT-000002 and books a new 45-minute dental cleaning with the same dentist on Friday 10:00; the instruction says keep the appointment, do not cancel and rebook.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient
health = ServiceClient("http://127.0.0.1:5007/api").login("alice", "alice-pass")
calendar = ServiceClient("http://127.0.0.1:5006/api").login("alice", "alice-pass")
dentist = next(a for a in health.call("GET", "/appointments?upcoming=true&status=scheduled")["items"]
               if a["provider"]["specialty"] == "Dentistry")
code = dentist["code"]
print("dentist", code, dentist["start_local"], dentist["end"])
health.call("POST", f"/appointments/{code}/cancel")
print(health.call("POST", "/appointments", {"provider_id": dentist["provider"]["id"],
      "start": "2026-03-06T10:00:00+01:00", "duration_minutes": 45, "reason": dentist["reason"]}))
PY
