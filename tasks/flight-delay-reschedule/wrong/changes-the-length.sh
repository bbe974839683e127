#!/bin/bash
# wrong (wrong detail): moves the workshop to 15:40 but makes it one hour long (ends 16:40 instead
# of 17:10), so its length is not kept.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from workshop_mover import meeting, move, send
move(meeting, "15:40", "16:40")
send("Northwind workshop moved to 15:40", "Hello,\n\nMy flight is delayed, so tomorrow's Northwind workshop moves to 15:40-16:40 (London time), Office, room 4.\n\nAlice")
print("moved to 15:40-16:40")
PY
