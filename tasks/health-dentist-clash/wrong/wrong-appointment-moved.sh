#!/bin/bash
# wrong (wrong target): reschedules the Dr. Patel blood-test appointment (the other upcoming one) to Friday 10:00 and leaves the clashing dental cleaning on Thursday.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient
health = ServiceClient("http://127.0.0.1:5007/api").login("alice", "alice-pass")
calendar = ServiceClient("http://127.0.0.1:5006/api").login("alice", "alice-pass")
dentist = next(a for a in health.call("GET", "/appointments?upcoming=true&status=scheduled")["items"]
               if a["provider"]["specialty"] == "Dentistry")
code = dentist["code"]
print("dentist", code, dentist["start_local"], dentist["end"])
other = next(a for a in health.call("GET", "/appointments?upcoming=true&status=scheduled")["items"]
             if a["provider"]["specialty"] != "Dentistry")
print(health.call("POST", f"/appointments/{other['code']}/reschedule", {"start": "2026-03-06T10:00:00+01:00"}))
PY
