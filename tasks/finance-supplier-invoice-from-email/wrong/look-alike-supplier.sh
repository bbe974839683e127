#!/bin/bash
# Wrong (look-alike decoy): the bill is booked under Northside Signs & Display, the other
# Northside vendor.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from printer import *
bill = book(contact="Northside Signs & Display")
pay(bill["code"], transfer(merchant="Northside Signs & Display")["id"])
reply()
PY
