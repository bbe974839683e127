#!/bin/bash
# wrong (free text: event description): Friday 11:00 booked, description says Tom moved it to "Friday 13 March at 10:00"
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from d69_tom import book

book(description=lambda when: f"Q2 budget review with Tom, {when:%A %-d %B} at "
     f"{when.hour - 1:02d}:00 (he asked to move it).")
PY
