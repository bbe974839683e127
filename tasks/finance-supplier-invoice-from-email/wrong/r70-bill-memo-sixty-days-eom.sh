#!/bin/bash
# wrong (free text: bill memo): records terms of sixty days end of month on a bill due April 7 (net 21).
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from r70_printer import run

run(bill_memo="Terms: sixty days, end of month, as agreed with Sam.")
PY
