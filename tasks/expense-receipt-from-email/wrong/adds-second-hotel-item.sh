#!/bin/bash
# Class: wrong (duplicate). Adds a new, correct hotel item with the invoice attached but leaves
# the hand-entered estimate item in place, and attaches the invoice to it as well so the report
# can be submitted; the report claims the hotel twice, and the instruction says to fix that entry
# rather than add a second one.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from adlon_invoices import MINE, attach, exp, invoice, submit, trip

item = exp.call("POST", f"/reports/{trip['id']}/items",
                {"spent_on": MINE["date"], "merchant": "Hotel Adlon Kempinski", "category": "lodging",
                 "amount": MINE["total"], "currency": MINE["currency"], "description": "3 nights, invoice ADL-2026-58213"})
attach(MINE, item_id=item["id"])
attach(MINE)          # the submit check wants a receipt on the old estimate too
submit()
PY
