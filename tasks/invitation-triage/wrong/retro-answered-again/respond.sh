#!/bin/bash
# Wrong step "respond" (collateral damage): answers every invitation in the list, the team
# retro Alice had already accepted included (accepted again).
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient

cal = ServiceClient("http://127.0.0.1:5006/api").login("alice", "alice-pass")
for event_id, answer in {10: "accepted", 11: "declined", 12: "accepted", 13: "declined",
                         14: "accepted"}.items():
    cal.call("POST", f"/events/{event_id}/rsvp", {"response": answer})
PY
