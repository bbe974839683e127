#!/bin/bash
# wrong (free text: yesterday's health record note): says he stopped Metformin for good, a decision nobody took
set -euo pipefail
export PYTHONPATH="$(dirname "$0")"
python3 - <<'PY'
from d69_doses import catch_up

catch_up(yesterday_note="Felt sick: stopped Metformin for good from today, the app can drop it.")
PY
