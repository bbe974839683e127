#!/bin/bash
# Wrong step "respond" (a forbidden shortcut): declines the clashing invitations by deleting
# them from Alice's calendar (a guest's delete declines and hides the event), not by answering.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient

cal = ServiceClient("http://127.0.0.1:5006/api").login("alice", "alice-pass")
for event_id in (10, 12):
    cal.call("POST", f"/events/{event_id}/rsvp", {"response": "accepted"})
for event_id in (11, 13):
    cal.call("DELETE", f"/events/{event_id}")
PY
