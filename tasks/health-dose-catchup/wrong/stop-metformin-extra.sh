#!/bin/bash
# Right work, plus edits Metformin's instructions to note 'skipped when sick' (changes the medication itself).
set -euo pipefail
python3 - <<'PY'
from datetime import date, timedelta
from mock_services.client import ServiceClient
h = ServiceClient("http://127.0.0.1:5007/api").login("bob", "bob-pass")
today = h.call("GET", "/medications/schedule")
T = today["day"]
Y = (date.fromisoformat(T) - timedelta(days=1)).isoformat()
ysched = h.call("GET", f"/medications/schedule?day={Y}")["items"]
def rec(mid, time, status="taken", day=None):
    b = {"time": time, "status": status}
    if day: b["day"] = day
    return h.call("POST", f"/medications/{mid}/doses", b)
def morning():
    for d in today["items"]:
        if d["time"] == "08:00" and d["status"] in ("due", "missed"): rec(d["medication_id"], "08:00")
def fix_evening(day=None, name="Metformin", time="20:00"):
    day = day or Y
    for d in h.call("GET", f"/medications/schedule?day={day}")["items"]:
        if d["name"] == name and d["time"] == time and d["status"] != "skipped":
            if d["dose_id"] is not None: h.call("DELETE", f"/medications/{d['medication_id']}/doses/{d['dose_id']}")
            rec(d["medication_id"], time, "skipped", day)

morning(); fix_evening()
mid = next(d["medication_id"] for d in today["items"] if d["name"] == "Metformin")
h.call("PATCH", f"/medications/{mid}", {"instructions": "With meals. Skip when sick."})
PY
