#!/bin/bash
# WRONG (wrong place): answers Sam Ortiz's quote mail (Q-1187) instead of replying to the
# billing department's invoice mail.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from blind_bill_steps import mail, fin, LINES, book, transfer, pay, reply

b = book()
t = transfer()
pay(b["code"], t["id"])
reply(2)
PY
