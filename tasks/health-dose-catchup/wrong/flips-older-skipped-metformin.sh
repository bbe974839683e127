#!/bin/bash
# wrong (extra change to another dose): does both fixes, then also "corrects" the Metformin 20:00 of 27 February, which is recorded as skipped, to taken, assuming it is the same app error; no other dose may change.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient
health = ServiceClient("http://127.0.0.1:5007/api").login("bob", "bob-pass")
TODAY, YESTERDAY = "2026-03-02", "2026-03-01"
def sched(day):
    return health.call("GET", f"/medications/schedule?day={day}")["items"]
def mark(mid, day, time, status):
    return health.call("POST", f"/medications/{mid}/doses", {"day": day, "time": time, "status": status})
for d in sched(TODAY):
    if d["time"] == "08:00" and d["status"] in ("due", "missed"):
        print("taken", d["name"], mark(d["medication_id"], TODAY, "08:00", "taken")["status"])
d = next(d for d in sched(YESTERDAY) if d["name"] == "Metformin" and d["time"] == "20:00")
health.call("DELETE", f"/medications/{d['medication_id']}/doses/{d['dose_id']}")
print("skipped", mark(d["medication_id"], YESTERDAY, "20:00", "skipped")["status"])
old = next(d for d in sched("2026-02-27") if d["name"] == "Metformin" and d["time"] == "20:00")
print("27 Feb was", old["status"])
health.call("DELETE", f"/medications/{old['medication_id']}/doses/{old['dose_id']}")
print("27 Feb now", mark(old["medication_id"], "2026-02-27", "20:00", "taken")["status"])
PY
