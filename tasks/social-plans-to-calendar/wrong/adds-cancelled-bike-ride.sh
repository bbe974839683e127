#!/bin/bash
# wrong (ignores the latest word): also adds Dave's bike ride, which he called off, and tells Dave it is
# in the calendar.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from friends_plans import PLANS, add, calendar, dm

PLANS["dave"] = ("Bike ride", "Ferry Building", "2026-03-07T09:00:00Z", "2026-03-07T11:00:00Z")
for f, p in PLANS.items():
    add(*p)
    dm(f, f"{p[0]} is in my calendar!")
PY
