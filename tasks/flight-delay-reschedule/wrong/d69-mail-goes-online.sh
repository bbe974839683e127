#!/bin/bash
# wrong (free text: mail body): right new time, but tells the guests it is now online and asks Bob to release room 4, though the place is kept
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from d69_delay import move

move(body="Hello,\n\nMy flight is delayed, so {title} moves to {start:%A %d %B} at {start:%H:%M} "
     "(London time). We will do it online instead: Bob, please release room 4.\n\nAlice")
PY
