#!/bin/bash
# WRONG (recipient): the mail with the invoice number goes to accounts payable
# (ap@lindqvist-arch.example) instead of Ingrid, who asked for it.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from blind_deal_steps import crm, books, mail, INGRID, LINES, win, void, issue, tell

win()
void()
inv = issue()
tell(inv["code"], to="ap@lindqvist-arch.example")
PY
