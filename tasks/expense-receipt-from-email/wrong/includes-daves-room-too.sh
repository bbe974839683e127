#!/bin/bash
# Class: wrong details (over-claiming). Puts both rooms of the group booking on Alice's hotel item
# (EUR 609.53 + 406.35 = 1015.88) and attaches both invoices; the instruction says only her own
# room counts.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from adlon_invoices import MINE, attach, invoice, patch_hotel, submit

dave = invoice("Dave Okafor", 3)
patch_hotel(amount=round(MINE["total"] + dave["total"], 2), description="Hotel Adlon, rooms 412 and 415")
attach(MINE)
attach(dave)
submit()
PY
