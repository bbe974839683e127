#!/bin/bash
# wrong (content: vague-text): moves the workshop correctly but the mail only says there is a
# change of plan, without saying the meeting moved or its new time.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from workshop_mover import meeting, move, send
move(meeting, "15:40")
send("Change of plans", "Hello,\n\nSmall change of plan for tomorrow, I've updated things on my side. Please check your calendar.\n\nAlice")
print("moved; vague mail")
PY
