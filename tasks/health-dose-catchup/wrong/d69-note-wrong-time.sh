#!/bin/bash
# wrong (free text: today's health record note): says the morning medications were taken at 11:30, not at 8 o'clock
set -euo pipefail
export PYTHONPATH="$(dirname "$0")"
python3 - <<'PY'
from d69_doses import catch_up

catch_up(today_note="Took all my morning medications late, at 11:30.")
PY
