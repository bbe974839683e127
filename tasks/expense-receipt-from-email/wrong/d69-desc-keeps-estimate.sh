#!/bin/bash
# wrong (free text: item description): keeps the hand-entered "estimate from the booking confirmation, EUR 567.00" beside the corrected EUR 609.53
set -euo pipefail
export PYTHONPATH="$(dirname "$0")"
python3 - <<'PY'
from d69_receipt import file_invoice

file_invoice(description="3 nights, estimate from the booking confirmation: EUR 567.00")
PY
