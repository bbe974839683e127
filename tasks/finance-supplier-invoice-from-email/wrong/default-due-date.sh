#!/bin/bash
# Wrong (right action, wrong detail): the bill is booked without its due date, so the app's
# default (30 days after the invoice date, April 16) replaces the invoice's April 7 (net 21).
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from printer import *
bill = book(due=None)
pay(bill["code"], transfer()["id"])
reply()
PY
