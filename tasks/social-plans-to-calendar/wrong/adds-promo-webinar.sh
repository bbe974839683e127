#!/bin/bash
# wrong (decoy): also puts the City Events promotion webinar in the calendar and replies to cityevents,
# an account Alice does not follow.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from friends_plans import PLANS, add, calendar, dm

PLANS["cityevents"] = ("Productivity Hacks webinar", "Online", "2026-03-10T18:00:00Z", "2026-03-10T20:00:00Z")
for f, p in PLANS.items():
    add(*p)
    dm(f, f"{p[0]} is in my calendar!")
PY
