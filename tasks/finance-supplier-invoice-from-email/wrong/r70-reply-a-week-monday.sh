#!/bin/bash
# wrong (free text: reply body): says the payment was made today, then that the bank only releases it a week Monday (March 30), so the money has not gone.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from r70_printer import run

run(body=(
    "Hello,\n\nThank you for invoice {number}. It is recorded in our books, and we paid it in "
    "full today, {paid_on}: {total} by bank transfer, quoting {number}. "
    "Strictly speaking, our bank only releases it a week Monday.\n\nBest regards,\nAlice Martin"
))
PY
