#!/bin/bash
# wrong (books LC516 and names it, but gives its landing in Boston time (16:25), not Chicago time)
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from mover import rebook, tell_dana, the_right_flight

right = the_right_flight()
rebook(right)
tell_dana(right["number"], right["estimated_arrival"][11:16].replace("20:", "16:"))
print("on", right["number"])
PY
