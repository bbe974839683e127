#!/bin/bash
# wrong (one extra change): orders the right substitute but first makes the Mastercard the default card and pays with it, changing the account's default payment.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from b68_stock import lines, place, rows, shop, swap_for

mc = min(m["id"] for m in rows(shop.call("GET", "/payment-methods")))
shop.call("POST", f"/payment-methods/{mc}/default")
swap_for("VIR-2704")
order = place(payment=mc)
print("placed", order["code"], order.get("payment_label"), lines(order))
PY
