#!/bin/bash
# alternative (yesterday's health record note only): "Felt sick in the evening; skipped the evening Metformin."
set -euo pipefail
export PYTHONPATH="$(dirname "$0"):$(dirname "$0")/../wrong"
python3 - <<'PY'
from d69_doses import catch_up

catch_up(yesterday_note="Felt sick in the evening; skipped the evening Metformin.")
PY
