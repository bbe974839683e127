#!/bin/bash
# alternative (true free text): description and location kept in step with every move, confirmations with an accurate extra line
set -euo pipefail
PYTHONPATH="$(dirname "$0"):$(dirname "$0")/../wrong" python3 - <<'PY'
from d69_tom import book

book(
    description=lambda when: f"30-minute walk-through of the Q2 budget with Tom before it goes "
    f"to the board, {when:%A %-d %B} at {when:%H:%M}.",
    location=lambda when: "Phone / video call",
    confirm_tail=lambda when: "Bring the latest figures and we can go through them line by line.",
)
PY
