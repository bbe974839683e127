#!/bin/bash
# alternative (health record notes agree with the marks): felt sick and skipped the evening Metformin yesterday; took the 8 o'clock doses today
set -euo pipefail
export PYTHONPATH="$(dirname "$0"):$(dirname "$0")/../wrong"
python3 - <<'PY'
from d69_doses import catch_up

catch_up(today_note="Took all my 8 o'clock medications.", yesterday_note="Felt sick in the evening and skipped my 20:00 Metformin.")
PY
