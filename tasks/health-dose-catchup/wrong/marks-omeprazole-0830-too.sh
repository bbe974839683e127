#!/bin/bash
# wrong (extra action): does the task right but also marks today's 08:30 Omeprazole taken; it is not an 8 o'clock medication, and no other dose may change.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient
health = ServiceClient("http://127.0.0.1:5007/api").login("bob", "bob-pass")
TODAY, YESTERDAY = "2026-03-02", "2026-03-01"
def sched(day):
    return health.call("GET", f"/medications/schedule?day={day}")["items"]
def mark(mid, day, time, status):
    return health.call("POST", f"/medications/{mid}/doses", {"day": day, "time": time, "status": status})
def find(day, name, time):
    return next(d for d in sched(day) if d["name"] == name and d["time"] == time)
def today_eight_taken():
    for d in sched(TODAY):
        if d["time"] == "08:00" and d["status"] in ("due", "missed"):
            print("taken", d["name"], mark(d["medication_id"], TODAY, "08:00", "taken")["status"])
def fix_yesterday():
    d = find(YESTERDAY, "Metformin", "20:00")
    health.call("DELETE", f"/medications/{d['medication_id']}/doses/{d['dose_id']}")
    print("skipped", mark(d["medication_id"], YESTERDAY, "20:00", "skipped")["status"])
today_eight_taken(); fix_yesterday()
d = find(TODAY, "Omeprazole", "08:30")
print("omeprazole", mark(d["medication_id"], TODAY, "08:30", "taken")["status"])
PY
