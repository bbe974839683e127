#!/bin/bash
# wrong (mails Dana the right flight and landing time before the booking is moved, then moves it)
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from mover import lands, rebook, tell_dana, the_right_flight

right = the_right_flight()
tell_dana(right["number"], lands(right))
rebook(right)
print("mailed, then moved to", right["number"])
PY
