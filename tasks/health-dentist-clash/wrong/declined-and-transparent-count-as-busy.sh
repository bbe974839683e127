#!/bin/bash
# wrong (look-alike decoy): treats the declined 'Vendor pitch' and the transparent 'Reading hour' on Friday 10:00-11:00 as busy and moves the cleaning to Friday 11:00 instead of the earliest free Friday 10:00.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient
health = ServiceClient("http://127.0.0.1:5007/api").login("alice", "alice-pass")
calendar = ServiceClient("http://127.0.0.1:5006/api").login("alice", "alice-pass")
dentist = next(a for a in health.call("GET", "/appointments?upcoming=true&status=scheduled")["items"]
               if a["provider"]["specialty"] == "Dentistry")
code = dentist["code"]
print("dentist", code, dentist["start_local"], dentist["end"])
print(health.call("POST", f"/appointments/{code}/reschedule", {"start": "2026-03-06T11:00:00+01:00"}))
PY
