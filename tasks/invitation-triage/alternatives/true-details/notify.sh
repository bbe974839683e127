#!/bin/bash
# Correct alternative (notify): each decline mail gives the meeting's true day and time and the
# name of Alice's own event it clashes with (e.g. Pricing sync Tuesday 3 March 15:30 vs
# "Customer call: Acme"): true details, one meeting per mail.
set -euo pipefail
python3 - <<'PY'
from datetime import datetime
from mock_services.client import ServiceClient
login = {"username": "alice", "password": "alice-pass"}
cal = ServiceClient("http://127.0.0.1:5006/api").login(**login)
mail = ServiceClient("http://127.0.0.1:5001/api").login(**login)
def inv(r):
    x = cal.call("GET", f"/invitations?rsvp={r}"); x = x["items"] if isinstance(x, dict) else x
    return [i.get("event", i) for i in x]
declined = inv("declined")
def send(to, subject, body): mail.call("POST", "/messages/send", {"to": to, "subject": subject, "body": body})
def loc(e): return datetime.fromisoformat(e.get("start_local") or e["start"].replace("Z", "+00:00"))
def correct():
    for e in declined:
        send([e["organizer"]["email"]], f"Can't make it: {e['title']}", f"Hi,\n\nSorry, I can't attend \"{e['title']}\": it clashes with something already in my calendar.\n\nAlice")
from datetime import timedelta
evs = cal.call("GET", "/events?per_page=100&start=2026-02-25T00:00:00&end=2026-04-30T00:00:00")["items"]
mine = [e for e in evs if e.get("organizer", {}).get("username") == "alice" and e.get("transparency") != "transparent"]
for e in declined:
    other = next(b for b in mine if b["start"] < e["end"] and e["start"] < b["end"])
    d = loc(e)
    send([e["organizer"]["email"]], f"Can't make it: {e['title']}", f"Hi,\n\nSorry, I can't attend {e['title']} on {d:%A %d %B} at {d:%H:%M}: it clashes with my {other['title']}, which is already in my calendar.\n\nAlice")
PY
