#!/bin/bash
# WRONG (mail detail): the reply gives the due date (April 7, 2026) as the payment date
# instead of today (March 20, 2026).
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from blind_bill_steps import mail, fin, LINES, book, transfer, pay, reply

b = book()
t = transfer()
pay(b["code"], t["id"])
reply(body="Hello,\n\nInvoice NP-2318 is recorded; we paid USD 1,274.40 in full by bank transfer on April 7, 2026.\n\nBest regards,\nAlice Martin")
PY
