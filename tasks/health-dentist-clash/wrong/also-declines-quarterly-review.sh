#!/bin/bash
# wrong (extra side effect): moves the cleaning correctly to Friday 10:00 but also declines Bob's Thursday 'Quarterly review' invitation that caused the clash; answers to invitations must stay as they are.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient
health = ServiceClient("http://127.0.0.1:5007/api").login("alice", "alice-pass")
calendar = ServiceClient("http://127.0.0.1:5006/api").login("alice", "alice-pass")
dentist = next(a for a in health.call("GET", "/appointments?upcoming=true&status=scheduled")["items"]
               if a["provider"]["specialty"] == "Dentistry")
code = dentist["code"]
print("dentist", code, dentist["start_local"], dentist["end"])
health.call("POST", f"/appointments/{code}/reschedule", {"start": "2026-03-06T10:00:00+01:00"})
ev = next(e for e in calendar.call("GET", "/events?start=2026-03-05T00:00&end=2026-03-06T00:00&timezone=Europe/Paris&per_page=100")["items"]
          if e["title"] == "Quarterly review")
print(calendar.call("POST", f"/events/{ev['id']}/rsvp", {"response": "declined"}))
PY
