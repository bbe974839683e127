#!/bin/bash
# WRONG: issues the invoice to the look-alike customer Lindqvist Bakery (Erik's bakery)
# instead of Lindqvist Architects.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from blind_deal_steps import crm, books, mail, INGRID, LINES, win, void, issue, tell

win()
void()
inv = issue(contact="Lindqvist Bakery")
tell(inv["code"])
PY
