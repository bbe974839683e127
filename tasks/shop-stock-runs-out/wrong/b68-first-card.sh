#!/bin/bash
# wrong (right change, wrong record): orders the right substitute (three V27F) but pays with the first card on file (the Mastercard), not the default Visa.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from b68_stock import lines, place, rows, shop, swap_for

swap_for("VIR-2704")
order = place(payment=min(m["id"] for m in rows(shop.call("GET", "/payment-methods"))))
print("placed", order["code"], order.get("payment_label"), lines(order))
PY
