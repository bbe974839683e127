#!/bin/bash
# WRONG (terms): issues the invoice with the default 30-day terms (due 15 April 2026)
# instead of the 45 days Ingrid asked for.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from blind_deal_steps import crm, books, mail, INGRID, LINES, win, void, issue, tell

win()
void()
inv = issue(due=None)
tell(inv["code"], due="15 April 2026")
PY
