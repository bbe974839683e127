#!/bin/bash
# Class: partial work. Fixes the hotel item and attaches the invoice, but never submits the report
# for approval.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from adlon_invoices import MINE, attach, patch_hotel

patch_hotel()
attach(MINE)
print("fixed, not submitted")
PY
