#!/bin/bash
# BORDERLINE WRONG (wrong place): tells billing by a fresh mail to billing@northsideprint.example
# instead of replying to their invoice mail (no thread, no In-Reply-To).
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from blind_bill_steps import mail, fin, LINES, book, transfer, pay, reply

b = book()
t = transfer()
pay(b["code"], t["id"])
mail.call("POST", "/messages/send", {"to": ["billing@northsideprint.example"], "subject": "Invoice NP-2318 paid",
    "body": "Hello,\n\nInvoice NP-2318 is recorded and paid in full today, March 20, 2026: USD 1,274.40 by bank transfer.\n\nAlice Martin"})
PY
