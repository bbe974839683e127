#!/bin/bash
# wrong (free text: receipt filename): attaches her invoice under the file name of Dave's invoice, Invoice_ADL-2026-58197.pdf
set -euo pipefail
export PYTHONPATH="$(dirname "$0")"
python3 - <<'PY'
from d69_receipt import file_invoice

file_invoice(filename="Invoice_ADL-2026-58197.pdf")
PY
