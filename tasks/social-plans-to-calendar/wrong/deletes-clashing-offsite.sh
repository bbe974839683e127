#!/bin/bash
# wrong (side effect on existing items): adds the right events and replies, but also deletes Alice's
# existing Team offsite event (to make room), which the instruction forbids.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from friends_plans import PLANS, add, calendar, dm

for f, p in PLANS.items():
    add(*p)
    dm(f, f"{p[0]} is in my calendar!")
for ev in calendar.call("GET", "/events?start=2026-03-01T00:00:00Z&end=2026-04-01T00:00:00Z&per_page=100")["items"]:
    if ev["title"] == "Team offsite":
        eid = ev["id"]; calendar.call("DELETE", f"/events/{eid}")
PY
