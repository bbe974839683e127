#!/bin/bash
# wrong (near-twin payment): finds the V27U short and orders three of the right substitute, but pays with PayPal instead of the default Visa card.
set -euo pipefail
PYTHONPATH="$(dirname "$0")${PYTHONPATH:+:$PYTHONPATH}" python3 - <<'PY'
from c68_stock import *

api = shop()
if not try_v27u(api):
    pm = next(p for p in listed(api, "/payment-methods") if p["type"] == "paypal")
    order(api, substitute(api), payment_method_id=pm["id"])
PY
