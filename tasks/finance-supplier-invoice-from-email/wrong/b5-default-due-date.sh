#!/bin/bash
# WRONG (date): leaves the due date to the app's default (30 days: 16 April 2026) instead of
# the invoice's 7 April 2026.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from blind_bill_steps import mail, fin, LINES, book, transfer, pay, reply

b = book(due=None)
t = transfer()
pay(b["code"], t["id"])
reply()
PY
