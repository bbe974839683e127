#!/bin/bash
# wrong (not the earliest): finds the free hour and books the 45 minutes at its end (15 minutes after the earliest start), a valid free slot but not the earliest.
set -euo pipefail
PYTHONPATH="$(dirname "$0")${PYTHONPATH:+:$PYTHONPATH}" python3 - <<'PY'
from c68_sync import *

cal = calendar(); day = tomorrow(cal); start = earliest(cal, day)
book(cal, day, later(start, 15))
PY
