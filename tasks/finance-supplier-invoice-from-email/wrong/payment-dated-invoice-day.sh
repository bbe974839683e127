#!/bin/bash
# WRONG (date): the transfer is booked on the invoice date (17 March) instead of today,
# and the reply says it was paid on March 17.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from blind_bill_steps import mail, fin, LINES, book, transfer, pay, reply

b = book()
t = transfer(date="2026-03-17")
pay(b["code"], t["id"])
reply(body="Hello,\n\nInvoice NP-2318 is recorded and was paid in full on March 17, 2026: USD 1,274.40 by bank transfer.\n\nBest regards,\nAlice Martin")
PY
