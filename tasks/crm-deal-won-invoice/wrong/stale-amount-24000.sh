#!/bin/bash
# WRONG: uses the first proposal (USD 24,000: redesign plus photo shoot) for the won deal,
# the invoice and the mail, ignoring the revised quote Ingrid accepted (USD 21,750).
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from blind_deal_steps import crm, books, mail, INGRID, LINES, win, void, issue, tell

win(amount=24000)
void()
inv = issue(lines=[{"description": "Website redesign", "unit_price": 20500}, {"description": "Photo shoot, two days", "unit_price": 3500}])
tell(inv["code"], amount="USD 24,000.00")
PY
