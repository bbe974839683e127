#!/bin/bash
# wrong (wrong details): fits the appointment into Thursday's 09:00-09:30 gap by shortening it to 30 minutes; the instruction says keep its length (45 min).
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient
health = ServiceClient("http://127.0.0.1:5007/api").login("alice", "alice-pass")
calendar = ServiceClient("http://127.0.0.1:5006/api").login("alice", "alice-pass")
dentist = next(a for a in health.call("GET", "/appointments?upcoming=true&status=scheduled")["items"]
               if a["provider"]["specialty"] == "Dentistry")
code = dentist["code"]
print("dentist", code, dentist["start_local"], dentist["end"])
print(health.call("POST", f"/appointments/{code}/reschedule",
                  {"start": "2026-03-05T09:00:00+01:00", "duration_minutes": 30}))
PY
