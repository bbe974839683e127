#!/bin/bash
# wrong (free text: mail body): besides the invoice's number, amount and due date, says a couple of hundred came off so the PO can be raised for a touch under twenty-one and a half thousand, where the invoice is 21,750 in full.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from r70_deal import run

run(body=(
    "Hi Ingrid,\n\nThank you for the go-ahead! Invoice {code} for the website redesign has gone to "
    "your accounts payable: {amount}, due on {due}. We knocked a couple of hundred off for the "
    "quick sign-off, so raise the PO for a touch under twenty-one and a half.\n\nBest,\nAlice"
))
PY
