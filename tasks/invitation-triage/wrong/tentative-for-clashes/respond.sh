#!/bin/bash
# Wrong step "respond" (right effect, wrong details): answers the clashing invitations
# "tentative" instead of declining them.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient

cal = ServiceClient("http://127.0.0.1:5006/api").login("alice", "alice-pass")
for event_id, answer in {10: "accepted", 11: "tentative", 12: "accepted", 13: "tentative"}.items():
    cal.call("POST", f"/events/{event_id}/rsvp", {"response": answer})
PY
