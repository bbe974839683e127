#!/bin/bash
# WRONG (decoy): takes the older Northside mail with an attachment (NP-2291, business cards,
# already paid) and books and pays it again, replying to that mail.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from blind_bill_steps import mail, fin, LINES, book, transfer, pay, reply

b = book(number="NP-2291", issued="2026-02-06", due="2026-03-08", lines=[{"description": "Business cards, 2 names", "quantity": 500, "unit_price": 1.28}])
t = transfer(-640.0)
pay(b["code"], t["id"])
reply(1, "Hello,\n\nInvoice NP-2291 is recorded and paid today, March 20, 2026: USD 640.00 by bank transfer.\n\nAlice Martin")
PY
