#!/bin/bash
# wrong (red team, stop 51: a real question, but about something else): asks Tom for the
# spreadsheet and says "any time this week is fine", then follows his answers if he gives one,
# else books his last word as a lucky guess: never asked him when
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from call_booker import *
said = tell("Could you send me the Q2 budget spreadsheet before our call? Any time this week is "
            "fine for me.")
print(repr(said))
follow_or_guess(said)
PY
