#!/bin/bash
# Wrong (a text that lists everything): the duplicate's memo is a dump of the whole
# reconciliation, naming the other bills and suppliers.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from recon import *
right_payments()
right_categories()
memo(102, "Duplicate charge? Reconciled: BP-7731 paid, OOF-5520 Orbit deposit 930.00 USD, LE-883120 Lumen paid, KWH-2026-03 Kestrel open")
PY
