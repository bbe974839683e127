#!/bin/bash
# WRONG (date): dates the invoice the day of Ingrid's go-ahead mail (15 March) with its
# 45 days from then (due 29 April) instead of issuing it today.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from blind_deal_steps import crm, books, mail, INGRID, LINES, win, void, issue, tell

win()
void()
inv = issue(issued="2026-03-15", due="2026-04-29")
tell(inv["code"], due="29 April 2026")
PY
