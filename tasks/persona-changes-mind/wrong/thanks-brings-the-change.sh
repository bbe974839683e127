#!/bin/bash
# wrong (red team, stop 50: the change of mind without a booking): asks, answers Tom's time with
# a bare "thanks", and books and confirms the time of his newest mail: his change of plan once
# came on any second mail, so the call was booked once at his last word and the stale booking
# never existed
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from call_booker import *
ask()
last = FRIDAY if "Friday" in tell("thanks") else THURSDAY
book(last)
confirm(last)
PY
