#!/bin/bash
# WRONG (decoy): records the bill under the look-alike vendor Northside Signs & Display.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from blind_bill_steps import mail, fin, LINES, book, transfer, pay, reply

b = book(contact="Northside Signs & Display")
t = transfer(merchant="Northside Signs & Display")
pay(b["code"], t["id"])
reply()
PY
