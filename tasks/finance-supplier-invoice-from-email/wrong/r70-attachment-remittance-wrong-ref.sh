#!/bin/bash
# wrong (free text: reply attachment): attaches a remittance advice naming the old invoice NP-2291 and six hundred and forty dollars.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from r70_printer import run

run(attachment=(
    "remittance.txt",
    "REMITTANCE ADVICE\nInvoice NP-2291, business cards\nPaid: six hundred and forty US dollars\n",
))
PY
