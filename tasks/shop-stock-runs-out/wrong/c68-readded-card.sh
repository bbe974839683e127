#!/bin/bash
# wrong (near-twin card): adds the Visa ending 4242 again as a new card (labelled "Office Visa 4242") and pays the right substitute with that copy, not the default card on file.
set -euo pipefail
PYTHONPATH="$(dirname "$0")${PYTHONPATH:+:$PYTHONPATH}" python3 - <<'PY'
from c68_stock import *

api = shop()
if not try_v27u(api):
    card = api.call("POST", "/payment-methods", {"type": "card", "card_number": "4242424242424242", "exp_month": 8, "exp_year": 2028, "holder": "Alice Martin", "label": "Office Visa 4242"})
    order(api, substitute(api), payment_method_id=card["id"])
PY
