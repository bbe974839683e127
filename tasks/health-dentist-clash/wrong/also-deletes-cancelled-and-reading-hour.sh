#!/bin/bash
# wrong (extra side effect): moves the cleaning correctly to Friday 10:00 and 'tidies up' Friday by deleting the cancelled notary call and the transparent Reading hour that overlaps the new slot.
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
evs = calendar.call("GET", "/events?start=2026-03-06T00:00&end=2026-03-07T00:00&timezone=Europe/Paris&per_page=100&include_cancelled=true")["items"]
for e in evs:
    if e["title"] in ("Reading hour", "Call with the notary"):
        try:
            print(e["title"], calendar.call("DELETE", f"/events/{e['id']}"))
        except Exception as exc:
            print("delete failed", e["title"], exc)
PY
