#!/bin/bash
# WRONG (decoy): books and pays the catalogue at Sam's quoted USD 1,190.00 (quote Q-1187,
# without the rush proofing) instead of the invoice's USD 1,274.40.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from blind_bill_steps import mail, fin, LINES, book, transfer, pay, reply

b = book(lines=[{"description": "Spring catalogue, 1,500 copies", "quantity": 1, "unit_price": 1190}])
t = transfer(-1190)
pay(b["code"], t["id"])
reply(body="Hello,\n\nInvoice NP-2318 is recorded and paid today, March 20, 2026: USD 1,190.00 by bank transfer.\n\nAlice Martin")
PY
