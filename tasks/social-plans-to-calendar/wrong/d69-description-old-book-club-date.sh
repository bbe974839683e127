#!/bin/bash
# wrong (free text: event description): book club booked on Thursday 12 March, its description still says "Wednesday March 11", the date Erin moved
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from d69_plans import add

add(descriptions={"erin": "Erin's book club, Wednesday March 11 at 19:00."})
PY
