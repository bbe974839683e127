#!/bin/bash
# wrong (free text: mail body): says the invoice is made out to Ingrid personally, not to her payables team, where it is issued to Lindqvist Architects' accounts payable.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from r70_deal import run

run(body=(
    "Hi Ingrid,\n\nThank you for the go-ahead! Invoice {code} for the website redesign is made out to "
    "you personally rather than to your payables people: {amount}, due on {due}.\n\nBest,\nAlice"
))
PY
