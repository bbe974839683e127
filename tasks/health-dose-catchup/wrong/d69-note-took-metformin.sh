#!/bin/bash
# wrong (free text: yesterday's health record note): says he felt sick but took his evening Metformin anyway, contradicting the skipped mark
set -euo pipefail
export PYTHONPATH="$(dirname "$0")"
python3 - <<'PY'
from d69_doses import catch_up

catch_up(yesterday_note="Felt sick in the evening, but took my 20:00 Metformin anyway.")
PY
