#!/bin/bash
# wrong (free text: reply body): says the payment went out on the card ending 9012 (the Visa Business Card), where it was a transfer from Business Checking, ending 4821.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from r70_printer import run

run(body=(
    "Hello,\n\nThank you for invoice {number}. It is recorded in our books, and we paid it in "
    "full today, {paid_on}: {total} by bank transfer, quoting {number}. "
    "It went out on the plastic ending 9012.\n\nBest regards,\nAlice Martin"
))
PY
