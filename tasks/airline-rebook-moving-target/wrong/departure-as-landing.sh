#!/bin/bash
# wrong (books LC516 and names it, but gives its (delayed) departure, 13:35, as the landing time)
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from mover import rebook, tell_dana, the_right_flight

right = the_right_flight()
rebook(right)
tell_dana(right["number"], right["estimated_departure_local"][11:16])
print("on", right["number"])
PY
