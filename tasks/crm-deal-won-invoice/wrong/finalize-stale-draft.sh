#!/bin/bash
# WRONG: sends out the stale draft INV-0004 at the old price (USD 24,000) instead of
# voiding it and issuing a new invoice at 21,750.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from blind_deal_steps import crm, books, mail, INGRID, LINES, win, void, issue, tell

win()
inv = books.call("POST", "/invoices/INV-0004/finalize")
tell(inv["code"], amount="USD 24,000.00", due="6 April 2026")
PY
