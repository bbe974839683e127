#!/bin/bash
# wrong (done twice): orders the right substitute (three V27F) in two identical orders, as a double click on Place order would.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from b68_stock import cart, lines, place, shop

cart()
shop.call("DELETE", "/cart")
v27f = shop.call("GET", "/products/sku/VIR-2704")
for _ in range(2):
    order = place(product_id=v27f["id"], quantity=3)
    print("placed", order["code"], lines(order))
PY
