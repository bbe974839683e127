#!/bin/bash
# Wrong step "respond" (the look-alike decoy): counts Alice's "Focus time", marked free, as
# busy and declines the hiring debrief that overlaps it.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient

cal = ServiceClient("http://127.0.0.1:5006/api").login("alice", "alice-pass")
for event_id, answer in {10: "accepted", 11: "declined", 12: "declined", 13: "declined"}.items():
    cal.call("POST", f"/events/{event_id}/rsvp", {"response": answer})
PY
