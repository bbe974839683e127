#!/bin/bash
# Class: wrong target / look-alike decoy. Files the Adlon invoice from Alice's January stay (EUR
# 376.25, 16 January, already reimbursed in EXP-4087) into the ITB report instead of the March one
# (EUR 609.53, 5 March).
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from adlon_invoices import attach, invoice, patch_hotel, submit

jan = invoice("Alice Martin", 1)
patch_hotel(jan)
attach(jan)
submit()
PY
