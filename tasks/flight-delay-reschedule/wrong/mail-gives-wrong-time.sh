#!/bin/bash
# wrong (wrong detail in the text): moves the workshop to 15:40 correctly, but the mail tells the
# guests it now starts at 13:40 (the landing time).
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from workshop_mover import meeting, move, send
move(meeting, "15:40")
send("Northwind workshop moved to 13:40", "Hello,\n\nMy flight is delayed, so tomorrow's Northwind workshop now starts at 13:40 (London time), same place.\n\nAlice")
print("moved to 15:40, said 13:40")
PY
