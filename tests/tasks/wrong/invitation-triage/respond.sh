#!/bin/bash
# Plausible wrong solution of step "respond": accepts every pending invitation without looking
# at the calendar (the clashing ones included), so the gate stops the trial after step one.
set -euo pipefail
python3 - <<'PY'
import json
import urllib.request

CAL = "http://127.0.0.1:5006/api"


def call(method, path, body=None, token=None):
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(CAL + path, data=data, method=method, headers=headers)
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read() or b"null")


token = call("POST", "/auth/login", {"username": "alice", "password": "alice-pass"})["token"]
invitations = call("GET", "/invitations", token=token)
invitations = invitations["items"] if isinstance(invitations, dict) else invitations
for invitation in invitations:
    event = invitation.get("event", invitation)
    call("POST", f"/events/{event['id']}/rsvp", {"response": "accepted"}, token)
PY
