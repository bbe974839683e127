#!/bin/bash
# wrong (content the verifier cannot read: a true remittance advice attached): true as written, but an attachment is a file nobody asked for and no check reads, so the mail is held to what it can read and the attachment is an unexpected change: the reply carries a remittance advice with the number, the amount in words and the day.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from r70_printer import run

run(attachment=(
    "remittance.txt",
    "REMITTANCE ADVICE\nInvoice {number}, spring catalogue and rush proofing\n"
    "Paid in full by bank transfer on {paid_on}: one thousand two hundred seventy-four dollars "
    "and forty cents ({total})\n",
))
PY
