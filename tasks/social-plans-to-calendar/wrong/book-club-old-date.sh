#!/bin/bash
# wrong (stale detail): goes by Erin's first message and puts the book club on Wednesday March 11 instead
# of the Thursday March 12 she moved it to.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from friends_plans import PLANS, add, calendar, dm

PLANS["erin"] = ("Book club", "Erin\x27s place, 14 Elm Street", "2026-03-11T19:00:00Z", "2026-03-11T21:00:00Z")
for f, p in PLANS.items():
    add(*p)
    dm(f, f"{p[0]} is in my calendar!")
PY
