#!/bin/bash
# WRONG (mail detail): everything is booked right, but the mail gives the due date as
# 15 April 2026 (30 days) instead of 30 April 2026.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from blind_deal_steps import crm, books, mail, INGRID, LINES, win, void, issue, tell

win()
void()
inv = issue()
tell(inv["code"], due="15 April 2026")
PY
