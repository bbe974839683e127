#!/bin/bash
# WRONG (partial): moves the deal to closed won but leaves its stale amount (USD 24,000);
# invoice and mail are right.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from blind_deal_steps import crm, books, mail, INGRID, LINES, win, void, issue, tell

win(amount=None)
void()
inv = issue()
tell(inv["code"])
PY
