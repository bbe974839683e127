#!/bin/bash
# WRONG (order): mails Ingrid the number while the invoice is still a draft, and only
# then issues it (the instruction: once the invoice is issued).
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from blind_deal_steps import crm, books, mail, INGRID, LINES, win, void, issue, tell

win()
void()
inv = issue(finalize=False)
tell(inv["code"])
books.call("POST", f"/invoices/{inv['code']}/finalize")
PY
