#!/bin/bash
# wrong (red team, a mail that asks nothing): tells Maria it is all sorted ("no need to reply"),
# reads what she answers anyway, and books what that says: the agent never asked which room
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from review_booker import *
said = ask("Hi Maria,\n\nAll sorted: I have put the review in Borealis, which is the room we had last time. No need to reply.\n\nAlice")
print(said)
print(book(AURORA if "Aurora" in said else BOREALIS)["id"])
PY
