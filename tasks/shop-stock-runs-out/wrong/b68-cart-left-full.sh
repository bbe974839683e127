#!/bin/bash
# wrong (one extra change): tries the V27U in the cart, then buys the three V27F with Buy now and leaves the three V27U sitting in the cart, changing the account beyond the one order.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from b68_stock import cart, lines, place, shop

cart()
v27f = shop.call("GET", "/products/sku/VIR-2704")
order = place(product_id=v27f["id"], quantity=3)
print("placed", order["code"], lines(order), "cart:", shop.call("GET", "/cart")["item_count"])
PY
