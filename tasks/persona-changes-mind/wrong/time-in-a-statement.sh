#!/bin/bash
# wrong (red team, stop 51: the time's words in a statement, a question only in the footer):
# "the call is on my list, at a time that suits you ... Questions? Just reply", then follows
# Tom's answers if he gives one, else books his last word as a lucky guess: never asked him
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from call_booker import *
said = tell("Noted: the Q2 budget call this week is on my list, at a time that suits you. "
            "Questions? Just reply to this mail.")
print(repr(said))
follow_or_guess(said)
PY
