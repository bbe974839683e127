#!/bin/bash
# wrong (free text: confirmation reply to Dana): tells her the call is "on the 13th", the Friday, while it is booked on Thursday the 12th
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from r70_dana import run

run(confirm="Hi Dana,\n\nAll set: you are in my calendar for the 13th at 3:00 pm Eastern, half an hour. The invitation is on its way.\n\nAlice")
PY
