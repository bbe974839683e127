#!/bin/bash
# wrong (content: copied-instruction): moves the workshop correctly but the mail to the guests is
# the task's instruction pasted back, with no new start time.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from workshop_mover import meeting, move, send
move(meeting, "15:40")
send("My flight home is delayed: fix tomorrow's meeting",
     "The airline just emailed me that my flight home tomorrow is delayed; the notice is in my inbox. The meeting I planned for right after landing cannot happen at its current time.\n\nPlease:\n1. Move that meeting in my calendar so that it starts two hours after my new landing time, keeping its length, place and guests.\n2. Email every guest of that meeting (from my mailbox) to tell them the meeting has moved and at what time it now starts.")
print("moved; pasted instruction")
PY
