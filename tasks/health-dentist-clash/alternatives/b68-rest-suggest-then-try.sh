#!/bin/bash
# alternative (REST, the calendar suggests): asks the calendar's /freebusy/suggest for Alice alone from Thursday, in the clinic's hours (07:30-17:30, 30-minute steps, the appointment's length), and tries each suggestion with the health app's reschedule until the clinic takes one (a 409 is the dentist booked).
set -euo pipefail
python3 - <<'PY'
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from mock_services.client import ServiceClient, ServiceError

paris = ZoneInfo("Europe/Paris")
health = ServiceClient("http://127.0.0.1:5007/api", attempts=20).login("alice", "alice-pass")
cal = ServiceClient("http://127.0.0.1:5006/api", attempts=20).login("alice", "alice-pass")


def rows(answer):
    return answer["items"] if isinstance(answer, dict) else answer


def when(text):
    return datetime.fromisoformat(text.replace("Z", "+00:00"))


appointment = next(a for a in rows(health.call("GET", "/appointments?upcoming=true")) if "dental" in a["reason"].lower())
provider = next(p for p in rows(health.call("GET", "/providers")) if p["id"] == appointment.get("provider_id", (appointment.get("provider") or {}).get("id")))
start, end = when(appointment["start"]), when(appointment["end"])
minutes = int((end - start).total_seconds() // 60)
thursday = start.astimezone(paris).date()  # the appointment is this Thursday; not before it
print("moving", appointment["code"], start.astimezone(paris), minutes, "min;", provider["name"], provider["opens"], provider["closes"])
suggested = cal.call("POST", "/freebusy/suggest", {
    "users": ["alice"], "duration_minutes": minutes,
    "start": f"{thursday}T00:00:00", "end": f"{thursday + timedelta(days=14)}T00:00:00", "timezone": "Europe/Paris",
    "working_hours_start": provider["opens"], "working_hours_end": provider["closes"],
    "step_minutes": 30, "max_results": 50,
})
slots = suggested["slots"] if isinstance(suggested, dict) else suggested
for slot in slots:
    begin = when(slot["start"])
    if begin.astimezone(paris).minute not in (0, 30):
        continue
    try:
        moved = health.call("POST", f"/appointments/{appointment['code']}/reschedule",
                            {"start": begin.astimezone(paris).isoformat(), "duration_minutes": minutes})
    except ServiceError as refused:
        print("refused", begin.astimezone(paris), refused.status, refused.body)
        continue
    print("moved to", moved["start"], moved["end"])
    break
else:
    raise SystemExit("no suggested slot was taken")
PY
