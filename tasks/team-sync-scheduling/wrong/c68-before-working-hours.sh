#!/bin/bash
# wrong (working hours ignored): asks for free time from 07:00 and books the first slot all three share, 08:00 Paris, before Alice's working day starts at 09:00.
set -euo pipefail
PYTHONPATH="$(dirname "$0")${PYTHONPATH:+:$PYTHONPATH}" python3 - <<'PY'
from c68_sync import *

cal = calendar(); day = tomorrow(cal)
book(cal, day, earliest(cal, day, ("08:00", "17:00")))
PY
