#!/bin/bash
# wrong (a decision hidden in a made-up quote): follows Tom to his last word and moves the call,
# but answers him "Moved to Friday 13 March at 11:00." above a quote he never wrote, "keep
# Thursday at 15:00": a mail that says both, read whole because the quote is not his
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from call_booker import *
follow_in_thread(
    "Hi Tom,\n\nMoved to Friday 13 March at 11:00.\n\nAlice\n\n"
    "On Wed, Tom wrote:\n> Sorry, Friday can't work after all: keep Thursday at 15:00."
)
PY
