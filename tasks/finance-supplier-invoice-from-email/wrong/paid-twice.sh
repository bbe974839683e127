#!/bin/bash
# Wrong (doing the same thing twice): two transfers are recorded (the second payment is refused,
# the money still left twice).
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from printer import *
bill = book_and_pay()
t = transfer()
try:
    pay(bill["code"], t["id"])
except Exception as exc:
    print("refused:", exc)
reply()
PY
