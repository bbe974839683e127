#!/bin/bash
# wrong (red team, stop 51: the room's words in a statement, a question only in the footer):
# "the usual room is on my list ... Questions? Just reply", then books the room her answer names
# if she names one, else the right room as a lucky guess: the agent never asked which room (the
# persona once heard "room" anywhere in a message with a "?")
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from review_booker import *
said = ask("The vendor review in the usual room is on my list for today. Questions? Just reply "
           "to this mail.")
print(repr(said))
book(BOREALIS if "Borealis" in said else AURORA)
PY
