#!/bin/bash
# Reference solution of invitation-triage, step "respond": for each pending invitation, ask
# the calendar whether Alice's own busy time overlaps it; decline on overlap, else accept.
set -euo pipefail
python3 - <<'PY'
import json
import urllib.request
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

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
# the default listing starts today (the service's clock); look from a week ago to two months on
zone = ZoneInfo(call("GET", "/profile", token=token)["timezone"])
range_start = call("GET", "/events", token=token)["range_start"].replace("Z", "+00:00")
today = datetime.fromisoformat(range_start).astimezone(zone).date()
first, last = today - timedelta(days=7), today + timedelta(days=60)
invitations = call("GET", "/invitations", token=token)
invitations = invitations["items"] if isinstance(invitations, dict) else invitations
events = call("GET", f"/events?per_page=100&start={first}T00:00:00&end={last}T00:00:00",
              token=token)["items"]
own_busy = [e for e in events if e.get("organizer", {}).get("username") == "alice"
            and e.get("transparency") != "transparent" and e.get("status") != "cancelled"]
for invitation in invitations:
    event = invitation.get("event", invitation)
    clash = any(b["start"] < event["end"] and event["start"] < b["end"] for b in own_busy)
    call("POST", f"/events/{event['id']}/rsvp",
         {"response": "declined" if clash else "accepted"}, token)
    print(event["title"], "declined" if clash else "accepted")
PY
