#!/bin/bash
# wrong (free text: reply body): says the payment settles the business cards job as well, where it pays NP-2318 only (the cards were paid before).
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from r70_printer import run

run(body=(
    "Hello,\n\nThank you for invoice {number}. It is recorded in our books, and we paid it in "
    "full today, {paid_on}: {total} by bank transfer, quoting {number}. "
    "This also squares us up for the business cards job.\n\nBest regards,\nAlice Martin"
))
PY
