#!/bin/bash
# WRONG (order): replies that the invoice is recorded and paid before anything is booked or
# paid, then books and pays it (the reply states something not yet true when sent).
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from blind_bill_steps import mail, fin, LINES, book, transfer, pay, reply

reply()
b = book()
t = transfer()
pay(b["code"], t["id"])
PY
