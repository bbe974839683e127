#!/bin/bash
# wrong (free text: today's health record note): says he skipped Lisinopril this morning, though all 8 o'clock doses are marked taken
set -euo pipefail
export PYTHONPATH="$(dirname "$0")"
python3 - <<'PY'
from d69_doses import catch_up

catch_up(today_note="Skipped my Lisinopril this morning, took the others.")
PY
