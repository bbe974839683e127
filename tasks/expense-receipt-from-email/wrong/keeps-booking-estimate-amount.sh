#!/bin/bash
# Class: wrong details (amount). Attaches the right invoice and fixes the date, but leaves the
# hand-entered estimate EUR 567.00 (3 nights without city tax) instead of the invoice total EUR
# 609.53.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from adlon_invoices import MINE, attach, patch_hotel, submit

patch_hotel(amount=567.0)
attach(MINE)
submit()
PY
