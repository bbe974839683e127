#!/bin/bash
# wrong (guest list): the right slot and title, but Alice, the organizer, is also on the guest list beside Bob and Carol (three guests where two were asked for).
set -euo pipefail
PYTHONPATH="$(dirname "$0")${PYTHONPATH:+:$PYTHONPATH}" python3 - <<'PY'
from c68_sync import *

cal = calendar(); day = tomorrow(cal)
book(cal, day, earliest(cal, day), attendees=GUESTS + [{"email": "alice@example.test"}])
PY
