#!/bin/bash
# wrong (wording): the right slot and guests, but titled 'Team sync - Alice, Bob & Carol' instead of the 'Team sync' asked for.
set -euo pipefail
PYTHONPATH="$(dirname "$0")${PYTHONPATH:+:$PYTHONPATH}" python3 - <<'PY'
from c68_sync import *

cal = calendar(); day = tomorrow(cal)
book(cal, day, earliest(cal, day), title="Team sync - Alice, Bob & Carol")
PY
