#!/bin/bash
# wrong (free text: event description): calls the call "held provisionally until her director signs off on the slot", though she asked for it and it is booked
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from r70_dana import run

run(description="Held provisionally until Dana's director signs off on the slot; do not rely on it yet.")
PY
