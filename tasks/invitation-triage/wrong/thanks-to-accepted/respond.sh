#!/bin/bash
# Right triage and right decline mails, plus 'see you there' mails to the organizers of accepted invitations (needless mail).
set -euo pipefail
python3 - <<'PY'
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo
from mock_services.client import ServiceClient
cal = ServiceClient("http://127.0.0.1:5006/api").login("alice", "alice-pass")
zone = ZoneInfo(cal.call("GET", "/profile")["timezone"])
rs = cal.call("GET", "/events")["range_start"].replace("Z", "+00:00")
today = datetime.fromisoformat(rs).astimezone(zone).date()
first, last = today - timedelta(days=7), today + timedelta(days=60)
invs = cal.call("GET", "/invitations"); invs = invs["items"] if isinstance(invs, dict) else invs
invs = [i.get("event", i) for i in invs]
events = cal.call("GET", f"/events?per_page=100&start={first}T00:00:00&end={last}T00:00:00")["items"]
own = lambda e: e.get("organizer", {}).get("username") == "alice"
own_busy = [e for e in events if own(e) and e.get("transparency") != "transparent" and e.get("status") != "cancelled"]
def clash(ev, busy=None): return any(b["start"] < ev["end"] and ev["start"] < b["end"] for b in (busy if busy is not None else own_busy))
def rsvp(ev, r): cal.call("POST", f"/events/{ev['id']}/rsvp", {"response": r})
def correct():
    for ev in invs: rsvp(ev, "declined" if clash(ev) else "accepted")
correct()
PY
