#!/bin/bash
# wrong (content: opposite-decision-polite): moves the workshop to 15:40, but the mail politely
# tells the guests the workshop stays at its usual 13:00 time and nothing changes.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from workshop_mover import meeting, move, send
move(meeting, "15:40")
send("Northwind workshop tomorrow: no change", "Hello,\n\nJust to confirm: despite some travel hiccups, the Northwind workshop stays as planned tomorrow at 13:00 in Office, room 4. Nothing changes on your side.\n\nLooking forward to it,\nAlice")
print("moved; told them nothing changes")
PY
