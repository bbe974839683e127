#!/bin/bash
# Wrong (scheduled instead of paid): books the bill, schedules a payment for the due date as a
# recurring payment, and replies that it is scheduled.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from printer import *
book()
fin.call("POST", "/recurring", {"account_id": 1, "payee": "Northside Print Co.", "amount": 1274.40, "frequency": "monthly", "next_date": "2026-04-07", "end_date": "2026-04-07", "memo": "NP-2318"})
reply("Hello,\n\nInvoice NP-2318 is recorded; the payment of USD 1,274.40 is scheduled for April 7, 2026.\n\nAlice")
PY
