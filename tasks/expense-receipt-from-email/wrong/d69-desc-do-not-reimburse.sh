#!/bin/bash
# wrong (free text: item description): tells finance the hotel was paid by the company card and must not be reimbursed, undoing the claim
set -euo pipefail
export PYTHONPATH="$(dirname "$0")"
python3 - <<'PY'
from d69_receipt import file_invoice

file_invoice(description="{number}. Already paid on the company card - do not reimburse this item.")
PY
