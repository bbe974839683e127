#!/bin/bash
# wrong (free text: mail body): right new time but says "in room 6", not the room 4 the event keeps
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from d69_delay import move

move(body="Hello,\n\nMy flight is delayed, so {title} moves to {start:%A %d %B} at {start:%H:%M} "
     "(London time), same length, in room 6.\n\nAlice")
PY
