#!/bin/bash
# wrong (done then undone): asks, misreads the answer and books Borealis 10:30-11:30, then cancels that event and books Aurora: Maria got an invitation and a cancellation for a room she ruled out.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from b68_review import AURORA, BOREALIS, QUESTION, answer, ask, book, cal

ask(QUESTION)
said = answer()
wrong = book("10:30", "11:30", BOREALIS)
print("cancel", cal.call("DELETE", f"/events/{wrong['id']}"))
book("10:30", "11:30", AURORA)
PY
