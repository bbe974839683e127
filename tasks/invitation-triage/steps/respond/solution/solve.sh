#!/bin/bash
# Reference solution of invitation-triage, step "respond": for each pending invitation, ask
# the calendar whether Alice's own busy time overlaps it; decline on overlap, else accept.
set -euo pipefail
python3 - <<'PY'
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from mock_services.client import ServiceClient

CAL = "http://127.0.0.1:5006/api"

cal = ServiceClient(CAL).login("alice", "alice-pass")
# the default listing starts today (the service's clock); look from a week ago to two months on
zone = ZoneInfo(cal.call("GET", "/profile")["timezone"])
range_start = cal.call("GET", "/events")["range_start"].replace("Z", "+00:00")
today = datetime.fromisoformat(range_start).astimezone(zone).date()
first, last = today - timedelta(days=7), today + timedelta(days=60)
invitations = cal.call("GET", "/invitations")
invitations = invitations["items"] if isinstance(invitations, dict) else invitations
events = cal.call("GET", f"/events?per_page=100&start={first}T00:00:00&end={last}T00:00:00")["items"]
own_busy = [e for e in events if e.get("organizer", {}).get("username") == "alice"
            and e.get("transparency") != "transparent" and e.get("status") != "cancelled"]
for invitation in invitations:
    event = invitation.get("event", invitation)
    clash = any(b["start"] < event["end"] and event["start"] < b["end"] for b in own_busy)
    cal.call("POST", f"/events/{event['id']}/rsvp",
             {"response": "declined" if clash else "accepted"})
    print(event["title"], "declined" if clash else "accepted")
PY
