#!/bin/bash
# wrong (free text: reply body): besides saying it is paid, promises that the bookkeeper will confirm once the money actually leaves the account (not paid yet).
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from r70_printer import run

run(body=(
    "Hello,\n\nThank you for invoice {number}. It is recorded in our books, and we paid it in "
    "full today, {paid_on}: {total} by bank transfer, quoting {number}. "
    "Our bookkeeper will let you know once the money actually leaves our account.\n\nBest regards,\nAlice Martin"
))
PY
