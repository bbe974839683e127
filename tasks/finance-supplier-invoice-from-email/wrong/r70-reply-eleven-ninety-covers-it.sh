#!/bin/bash
# wrong (free text: reply body): tells the printer the rush proofing is on the house so eleven hundred and ninety covers it, beside a payment of 1,274.40 in full.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from r70_printer import run

run(body=(
    "Hello,\n\nThank you for invoice {number}. It is recorded in our books, and we paid it in "
    "full today, {paid_on}: {total} by bank transfer, quoting {number}. "
    "Sam said the rush proofing was on the house, so eleven hundred and ninety covers it.\n\nBest regards,\nAlice Martin"
))
PY
