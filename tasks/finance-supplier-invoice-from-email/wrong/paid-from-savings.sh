#!/bin/bash
# WRONG (account): pays the bill from Business Savings instead of Business Checking.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from blind_bill_steps import mail, fin, LINES, book, transfer, pay, reply

b = book()
t = transfer(account=2)
pay(b["code"], t["id"])
reply()
PY
