#!/bin/bash
# wrong (partial): creates the three events but never tells the friends.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from friends_plans import PLANS, add

for f, p in PLANS.items():
    add(*p)
PY
