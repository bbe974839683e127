#!/bin/bash
# wrong (wrong details, time zone): computes Friday 10:00 but sends it as 10:00Z, so the appointment lands at 11:00 Paris time.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient
health = ServiceClient("http://127.0.0.1:5007/api").login("alice", "alice-pass")
calendar = ServiceClient("http://127.0.0.1:5006/api").login("alice", "alice-pass")
dentist = next(a for a in health.call("GET", "/appointments?upcoming=true&status=scheduled")["items"]
               if a["provider"]["specialty"] == "Dentistry")
code = dentist["code"]
print("dentist", code, dentist["start_local"], dentist["end"])
print(health.call("POST", f"/appointments/{code}/reschedule", {"start": "2026-03-06T10:00:00Z"}))
PY
