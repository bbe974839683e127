#!/bin/bash
# WRONG (mail detail): the reply says the invoice is recorded and paid today but gives no
# amount.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from blind_bill_steps import mail, fin, LINES, book, transfer, pay, reply

b = book()
t = transfer()
pay(b["code"], t["id"])
reply(body="Hello,\n\nThank you for invoice NP-2318. It is recorded in our books and we paid it in full today, March 20, 2026, by bank transfer.\n\nBest regards,\nAlice Martin")
PY
