#!/bin/bash
# wrong (free text: today's health record note): claims a double Metformin dose (1000 mg) this morning to make up for last night
set -euo pipefail
export PYTHONPATH="$(dirname "$0")"
python3 - <<'PY'
from d69_doses import catch_up

catch_up(today_note="Took a double dose of Metformin (1000 mg) at 8:00 to make up for the one I skipped last night.")
PY
