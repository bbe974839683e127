#!/bin/bash
# wrong (free text: confirmation reply to Dana): gives the time as "3:00 pm Mountain time", two hours after the 3:00 pm Eastern booked
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from r70_dana import run

run(confirm="Hi Dana,\n\nDone: see you on Thursday the 12th at 3:00 pm Mountain time, for half an hour. The invitation is on its way.\n\nAlice")
PY
