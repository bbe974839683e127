#!/bin/bash
# alternative (item description and merchant as on the invoice): room, stay, nightly rate and city tax, all true
set -euo pipefail
export PYTHONPATH="$(dirname "$0"):$(dirname "$0")/../wrong"
python3 - <<'PY'
from d69_receipt import file_invoice

file_invoice(description="{number}: room 412, 2-5 March, 3 nights x EUR 189.00 plus Berlin city tax EUR 42.53", merchant="Hotel Adlon Kempinski Berlin")
PY
