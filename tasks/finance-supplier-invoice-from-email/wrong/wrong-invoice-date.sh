#!/bin/bash
# WRONG (date): books the bill with the invoice date taken as the day the mail was read
# (today, 20 March) instead of the invoice's 17 March 2026.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from blind_bill_steps import mail, fin, LINES, book, transfer, pay, reply

b = book(issued="2026-03-20")
t = transfer()
pay(b["code"], t["id"])
reply()
PY
