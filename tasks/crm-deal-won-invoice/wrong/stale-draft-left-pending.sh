#!/bin/bash
# WRONG (partial): issues the right new invoice but leaves the stale draft INV-0004
# pending as a draft instead of voiding it.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from blind_deal_steps import crm, books, mail, INGRID, LINES, win, void, issue, tell

win()
inv = issue()
tell(inv["code"])
PY
