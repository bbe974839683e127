#!/bin/bash
# Class: wrong details (currency). Converts the invoice total to the company's base currency and
# files USD 658.29; the instruction asks for the total in the currency it was charged in (EUR
# 609.53).
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from adlon_invoices import MINE, attach, exp, patch_hotel, submit

rate = next(c["rate"] for c in exp.call("GET", "/currencies")["items"] if c["code"] == MINE["currency"])
patch_hotel(amount=round(MINE["total"] * rate, 2), currency="USD")
attach(MINE)
submit()
PY
