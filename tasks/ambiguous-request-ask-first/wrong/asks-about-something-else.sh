#!/bin/bash
# wrong (red team, stop 51: a real question, but about something else): asks Maria for Priya's
# address and says "the usual room is fine with me", then books the room her answer names if
# she names one, else the right room as a lucky guess: the agent never asked which room
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from review_booker import *
said = ask("Could you forward me Priya's email address? The usual room is fine with me.")
print(repr(said))
book(BOREALIS if "Borealis" in said else AURORA)
PY
