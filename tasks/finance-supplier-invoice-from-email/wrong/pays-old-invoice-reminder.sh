#!/bin/bash
# Wrong (acting on the decoy): answers the reminder instead: books the business-card
# invoice NP-2291 again and pays it, replying to the reminder.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from printer import *
bill = book(number="NP-2291", issued="2026-02-06", due="2026-03-08", lines=[{"description": "Business cards", "quantity": 500, "unit_price": 1.28}])
pay(bill["code"], transfer(640.00)["id"])
reply("Hello, invoice NP-2291 is recorded and paid today, March 20, 2026: USD 640.00.\nAlice", message=3)
PY
