#!/bin/bash
# alternative (numbers and dates in words): the reply gives the total in words and the day as Friday the 20th; the memos say the same truly in other words.
set -euo pipefail
PYTHONPATH="$(dirname "$0"):$(dirname "$0")/../wrong" python3 - <<'PY'
from r70_printer import run

run(
    bill_memo="Spring catalogue run and both rounds of rush proofs; paid the day it was booked.",
    transfer_memo="Wire to the printer, ref {number}",
    body=(
        "Hello,\n\nInvoice {number} is in our books and settled: one thousand two hundred "
        "seventy-four dollars and forty cents left our checking account by bank transfer "
        "today, Friday the 20th, quoting {number}.\n\nBest regards,\nAlice Martin"
    ),
)
PY
