#!/bin/bash
# Finds Friday 10:00 Paris but sends it as 10:00 UTC (Z), i.e. 11:00 Paris time.
set -euo pipefail
python3 - <<'PY'
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo
from mock_services.client import ServiceClient
PARIS = ZoneInfo("Europe/Paris")
health = ServiceClient("http://127.0.0.1:5007/api").login("alice", "alice-pass")
cal = ServiceClient("http://127.0.0.1:5006/api").login("alice", "alice-pass")
apts = health.call("GET", "/appointments?upcoming=true&status=scheduled")["items"]
dentist = next(a for a in apts if a["provider"]["specialty"] == "Dentistry")
start = datetime.fromisoformat(dentist["start_local"])
length = datetime.fromisoformat(dentist["end"].replace("Z", "+00:00")) - start
thursday = start.replace(hour=0, minute=0)
events = cal.call("GET", f"/events?start={thursday:%Y-%m-%dT%H:%M}&end={thursday + timedelta(days=2):%Y-%m-%dT%H:%M}&timezone=Europe/Paris&per_page=100")["items"]
at = lambda t: datetime.fromisoformat(t.replace("Z", "+00:00"))
def busy(pred):
    return [(at(e["start"]), at(e["end"])) for e in events if pred(e) and dentist["code"] not in e["description"]]
correct_pred = lambda e: e["status"] != "cancelled" and e["transparency"] == "opaque" and e["my_rsvp"] != "declined"
def find(b, step=30, ln=None):
    ln = ln or length; p = dentist["provider"]
    for day in (thursday, thursday + timedelta(days=1)):
        o = datetime.combine(day.date(), datetime.strptime(p["opens"], "%H:%M").time(), PARIS)
        c = datetime.combine(day.date(), datetime.strptime(p["closes"], "%H:%M").time(), PARIS)
        s = o.replace(minute=0 if o.minute == 0 else 30)
        while s + ln <= c:
            if s >= o and all(s + ln <= x or s >= y for x, y in b): return s
            s += timedelta(minutes=step)
def resched(s, **kw): return health.call("POST", f"/appointments/{dentist['code']}/reschedule", dict({"start": s.isoformat()}, **kw))

s = find(busy(correct_pred)); z = s.replace(tzinfo=None).strftime("%Y-%m-%dT%H:%M:00Z"); print(z)
health.call("POST", f"/appointments/{dentist['code']}/reschedule", {"start": z})
PY
