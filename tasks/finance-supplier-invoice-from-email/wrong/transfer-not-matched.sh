#!/bin/bash
# WRONG (partial): records the bill and the transfer but never matches the transfer to the
# bill, so the bill stays open.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from blind_bill_steps import mail, fin, LINES, book, transfer, pay, reply

b = book()
t = transfer()
reply()
PY
