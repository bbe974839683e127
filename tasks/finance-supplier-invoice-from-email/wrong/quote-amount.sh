#!/bin/bash
# Wrong (stale amount): books and pays the quote's 1,190.00 instead of the invoice's total, and
# says so in the reply.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from printer import *
bill = book(lines=[{"description": "Spring catalogue", "unit_price": 1190.00}])
pay(bill["code"], transfer(1190.00)["id"])
reply(RIGHT_REPLY.replace("1,274.40", "1,190.00"))
PY
