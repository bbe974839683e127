#!/bin/bash
# Class: wrong details (date). Right amount, currency, category and receipt, but keeps the item
# dated 2 March (arrival, the hand-entered date) instead of the invoice date, 5 March.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from adlon_invoices import MINE, attach, patch_hotel, submit

patch_hotel(spent_on="2026-03-02")
attach(MINE)
submit()
PY
