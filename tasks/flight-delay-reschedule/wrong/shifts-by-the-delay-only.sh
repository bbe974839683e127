#!/bin/bash
# wrong (wrong detail): shifts the workshop by the two-hour delay (13:00 -> 15:00) instead of
# starting it two hours after the new landing (15:40), and tells the guests 15:00.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from workshop_mover import meeting, move, send
move(meeting, "15:00")
send("Northwind workshop moved to 15:00", "Hello,\n\nMy flight is delayed by two hours, so the Northwind workshop tomorrow moves to 15:00 (London time), same place.\n\nAlice")
print("moved to 15:00")
PY
