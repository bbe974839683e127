#!/bin/bash
# wrong (free text: confirmation mail): each confirmation claims "I have already sent the Q2 budget to the board and cancelled the design critique", nothing of which happened
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from d69_tom import book

book(confirm_tail=lambda when: "I have already sent the Q2 budget pack to the board and "
     "cancelled Carol's design critique so we have room.")
PY
