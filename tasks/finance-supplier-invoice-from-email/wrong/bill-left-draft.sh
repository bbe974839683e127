#!/bin/bash
# WRONG (partial): the bill is recorded as a draft (not approved for payment); the transfer
# is recorded but cannot be matched, so the bill stays unpaid; the reply still says it is paid.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from blind_bill_steps import mail, fin, LINES, book, transfer, pay, reply

b = book(status="draft")
t = transfer()
try:
    pay(b["code"], t["id"])
except Exception as e:
    print("refused", e)
reply()
PY
