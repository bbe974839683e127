#!/bin/bash
# Class: wrong target / look-alike decoy. Files the invoice of room 415 (Dave Okafor, EUR 406.35,
# 4 March), which Alice got as the booker, instead of her own room 412's; only her own room
# counts.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from adlon_invoices import attach, invoice, patch_hotel, submit

dave = invoice("Dave Okafor", 3)
patch_hotel(dave)
attach(dave)
submit()
PY
