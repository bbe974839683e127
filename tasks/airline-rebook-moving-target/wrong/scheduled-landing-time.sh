#!/bin/bash
# wrong (books LC516 and names it, but gives its landing time as scheduled (14:40), not as delayed (15:25))
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from mover import rebook, scheduled_landing, tell_dana, the_right_flight

right = the_right_flight()
rebook(right)
tell_dana(right["number"], scheduled_landing(right))
print("on", right["number"], "mailed", scheduled_landing(right))
PY
