#!/bin/bash
# wrong (detail): creates the events one hour long instead of two.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from friends_plans import PLANS, add, calendar, dm

for f, (t, pl, s, e) in PLANS.items():
    e = s[:11] + f"{int(s[11:13]) + 1:02d}" + s[13:]
    add(t, pl, s, e)
    dm(f, f"{t} is in my calendar!")
PY
