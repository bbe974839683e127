#!/bin/bash
# wrong (free text: mail body): gives the right due date, then tells Ingrid nobody will chase it before the Ides of May (15 May), a later date than the 30 April due date.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from r70_deal import run

run(body=(
    "Hi Ingrid,\n\nThank you for the go-ahead! Invoice {code} for the website redesign has gone to "
    "your accounts payable: {amount}, due on {due}. Between us, nobody here will chase it "
    "before the Ides of May.\n\nBest,\nAlice"
))
PY
