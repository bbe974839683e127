#!/bin/bash
# alternative (item description and receipt name that say how she paid and what changed): "paid in full on my own Visa", the final total replacing the booking estimate, the receipt named after the invoice
set -euo pipefail
export PYTHONPATH="$(dirname "$0"):$(dirname "$0")/../wrong"
python3 - <<'PY'
from d69_receipt import file_invoice

file_invoice(
    description="{number}, room 412, 3 nights 2-5 March; paid in full on my own Visa. The final "
    "invoice total (EUR 609.53, city tax included) replaces the booking estimate.",
    filename="Hotel Adlon invoice ADL-2026-58213.pdf",
)
PY
