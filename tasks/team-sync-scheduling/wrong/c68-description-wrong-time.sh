#!/bin/bash
# wrong (contradicting text): books the right slot, but its description tells the guests 'Team sync at 10:30 Paris time (09:30 for Bob in London)', the slot it would be had Bob's calendar been read in Paris time.
set -euo pipefail
PYTHONPATH="$(dirname "$0")${PYTHONPATH:+:$PYTHONPATH}" python3 - <<'PY'
from c68_sync import *

cal = calendar(); day = tomorrow(cal)
book(cal, day, earliest(cal, day), description="Team sync at 10:30 Paris time (09:30 for Bob in London), 45 minutes.")
PY
