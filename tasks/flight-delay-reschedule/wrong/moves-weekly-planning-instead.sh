#!/bin/bash
# wrong (wrong target): moves 'Weekly planning' (the other meeting with a guest, on Wednesday) to
# 15:40 on Tuesday instead of the Northwind workshop, and mails its guest Bob.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from workshop_mover import by_title, move, send
ev = by_title["Weekly planning"]
move(ev, "15:40")
send("Weekly planning moved", "Hello Bob,\n\nMy flight is delayed; Weekly planning now starts at 15:40 on Tuesday 3 March.\n\nAlice", to=[a["email"] for a in ev["attendees"]])
print("moved Weekly planning")
PY
