#!/bin/bash
# alternative (REST, other order and format): reads Alice's calendar first (events with
# include_cancelled), works out her busy time by hand (skipping cancelled, transparent, declined
# and the appointment's own invitation), then reads the appointment and reschedules it with a UTC
# start and an explicit duration_minutes equal to its current length.
set -euo pipefail
python3 - <<'PY'
from datetime import datetime, timedelta, timezone
from zoneinfo import ZoneInfo

from mock_services.client import ServiceClient

PARIS = ZoneInfo("Europe/Paris")
calendar = ServiceClient("http://127.0.0.1:5006/api").login("alice", "alice-pass")
events = calendar.call("GET", "/events?start=2026-03-05T00:00&end=2026-03-07T00:00"
                       "&timezone=Europe/Paris&per_page=100&include_cancelled=true")["items"]
health = ServiceClient("http://127.0.0.1:5007/api").login("alice", "alice-pass")
appts = health.call("GET", "/appointments?per_page=100")["items"]
dentist = next(a for a in appts if a["status"] == "scheduled" and a["reason"] == "Dental cleaning")
code = dentist["code"]
at = lambda s: datetime.fromisoformat(s.replace("Z", "+00:00"))
start, end = at(dentist["start"]), at(dentist["end"])
length = end - start
busy = [(at(e["start"]), at(e["end"])) for e in events
        if e["status"] != "cancelled" and e["transparency"] != "transparent"
        and e.get("my_rsvp") != "declined" and code not in (e.get("description") or "")]
prov = dentist["provider"]
for day in ("2026-03-05", "2026-03-06"):
    opens = datetime.fromisoformat(f"{day}T{prov['opens']}").replace(tzinfo=PARIS)
    closes = datetime.fromisoformat(f"{day}T{prov['closes']}").replace(tzinfo=PARIS)
    slot = opens
    while slot + length <= closes:
        if all(slot + length <= b or slot >= e for b, e in busy):
            utc = slot.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
            print("slot", slot.isoformat(), "=", utc)
            print(health.call("POST", f"/appointments/{code}/reschedule",
                              {"start": utc, "duration_minutes": int(length.total_seconds() // 60)}))
            raise SystemExit(0)
        slot += timedelta(minutes=30)
raise SystemExit("no slot")
PY
