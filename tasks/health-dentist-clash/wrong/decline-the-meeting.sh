#!/bin/bash
# Wrong (forbidden shortcut): frees Thursday by declining the Quarterly review instead of
# moving the appointment.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient

health = ServiceClient("http://127.0.0.1:5007/api").login("alice", "alice-pass")
calendar = ServiceClient("http://127.0.0.1:5006/api").login("alice", "alice-pass")
events = calendar.call(
    "GET", "/events?start=2026-03-05T00:00&end=2026-03-06T00:00&timezone=Europe/Paris"
)["items"]
review = next(e for e in events if e["title"] == "Quarterly review")
calendar.call("POST", f"/events/{review['id']}/rsvp", {"response": "declined"})
PY
