#!/bin/bash
# wrong (content the verifier cannot read: a true summary attached): true as written, but an attachment is a file nobody asked for and no check reads, so the mail is held to what it can read and the attachment is an unexpected change: the mail carries a text summary of the invoice with the amount in words and the due date as the 30th.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from r70_deal import run

run(attachment=(
    "invoice-summary.txt",
    "Invoice {code}\nWebsite redesign and stock image licence (no photo shoot)\n"
    "Amount: twenty-one thousand seven hundred and fifty US dollars ({amount})\n"
    "Due: the 30th of April, forty-five days after issue\n",
))
PY
