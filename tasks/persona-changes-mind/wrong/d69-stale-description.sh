#!/bin/bash
# wrong (free text: event description): moves the call to Friday 11:00 but leaves the description it wrote at booking, "Thursday 12 March at 15:00"
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from d69_tom import book

book(
    description=lambda when: f"Q2 budget walk-through with Tom, {when:%A %-d %B} at {when:%H:%M}.",
    refresh=False,
)
PY
