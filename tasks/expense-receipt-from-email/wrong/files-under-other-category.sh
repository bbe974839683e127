#!/bin/bash
# Class: wrong details (category). Right amount, currency, date and receipt, but files the hotel
# under 'other' instead of lodging.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from adlon_invoices import MINE, attach, patch_hotel, submit

patch_hotel(category="other")
attach(MINE)
submit()
PY
