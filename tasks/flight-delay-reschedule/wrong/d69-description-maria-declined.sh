#!/bin/bash
# wrong (free text: event description): description claims "Maria cannot make the new time, Bob runs it alone", which no one said
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from d69_delay import move

move(description="Moved to {start:%H:%M}. Maria cannot make the new time; Bob runs it alone.")
PY
