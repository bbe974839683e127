#!/bin/bash
# wrong (wrong service / invitation answer changed): tries to move the dentist's calendar event to
# Friday 10:00 (the calendar refuses: it is the clinic's invitation), then declines that invitation
# instead; the appointment in the health app is never rescheduled and stays on Thursday 10:00.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient, ServiceError
calendar = ServiceClient("http://127.0.0.1:5006/api").login("alice", "alice-pass")
ev = next(e for e in calendar.call("GET", "/events?start=2026-03-05T00:00&end=2026-03-06T00:00&timezone=Europe/Paris&per_page=100")["items"]
          if e["title"].startswith("Dentistry"))
try:
    print(calendar.call("PATCH", f"/events/{ev['id']}", {"start": "2026-03-06T10:00", "end": "2026-03-06T10:45",
                                                         "timezone": "Europe/Paris"}))
except ServiceError as exc:
    print("patch refused:", exc)
    print(calendar.call("POST", f"/events/{ev['id']}/rsvp", {"response": "declined"}))
PY
