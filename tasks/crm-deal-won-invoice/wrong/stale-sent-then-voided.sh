#!/bin/bash
# WRONG: the stale USD 24,000 draft goes out (finalized: mailed to the customer's accounts
# payable) and is voided only afterwards; the instruction says it must not go out. The rest is right.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from blind_deal_steps import crm, books, mail, INGRID, LINES, win, void, issue, tell

win()
books.call("POST", "/invoices/INV-0004/finalize")
void()
inv = issue()
tell(inv["code"])
PY
