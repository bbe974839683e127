#!/bin/bash
# wrong (free text: item description): gives 4 nights, 1-5 March at EUR 152.38, not the invoice's 3 nights, 2-5 March at EUR 189.00
set -euo pipefail
export PYTHONPATH="$(dirname "$0")"
python3 - <<'PY'
from d69_receipt import file_invoice

file_invoice(description="{number}: 4 nights, 1-5 March, EUR 152.38 a night")
PY
