#!/bin/bash
# wrong (free text: event description): says "Dana asked for two in the afternoon", but she moved the call to 3:00 pm and it is booked then
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from r70_dana import run

run(description="Renewal figures with Dana; she asked for two in the afternoon, Eastern. Half an hour.")
PY
