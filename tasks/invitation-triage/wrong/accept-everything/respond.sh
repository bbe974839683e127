#!/bin/bash
# Plausible wrong solution of step "respond": accepts every pending invitation without looking
# at the calendar (the clashing ones included), so the gate stops the trial after step one.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient

CAL = "http://127.0.0.1:5006/api"

cal = ServiceClient(CAL).login("alice", "alice-pass")
invitations = cal.call("GET", "/invitations")
invitations = invitations["items"] if isinstance(invitations, dict) else invitations
for invitation in invitations:
    event = invitation.get("event", invitation)
    cal.call("POST", f"/events/{event['id']}/rsvp", {"response": "accepted"})
PY
