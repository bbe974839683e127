#!/bin/bash
# wrong (red team, stop 50: a report with a stray "?" in an aside): tells Maria it is all sorted
# in Borealis at her mail's time, "no need to reply (unless something is wrong?)", and books
# what her answer says if she names a room, else what the report announced: the agent never
# asked which room (the persona once took the aside for a question and answered it)
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from review_booker import *
said = ask("All sorted: Borealis, 10:00-11:00, as last time. No need to reply (unless something "
           "is wrong?)")
print(repr(said))
if "Aurora" in said:
    book(AURORA, when=ANSWERED if "10:30" in said else REQUESTED)
else:
    book(BOREALIS, when=REQUESTED)
PY
