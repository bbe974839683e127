#!/bin/bash
# wrong (wrong detail): moves the Northwind workshop to 13:40, the new landing time itself
# (forgetting the two hours after landing; 15:40 is right), and tells both guests 13:40.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from workshop_mover import meeting, move, send
move(meeting, "13:40")
send("Northwind workshop moved to 13:40", "Hello,\n\nMy flight is delayed, so the Northwind workshop tomorrow now starts at 13:40 (London time), same place.\n\nAlice")
print("moved to 13:40")
PY
