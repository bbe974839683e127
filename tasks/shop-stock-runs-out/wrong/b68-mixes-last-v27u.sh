#!/bin/bash
# wrong (mixed models): takes the one V27U left and tops it up with two V27F in the same order, where the instruction says not to mix models.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from b68_stock import cart, lines, place, shop

cart()
line = shop.call("GET", "/cart")["lines"][0]
shop.call("PATCH", f"/cart/items/{line['id']}", {"quantity": line["available"]})
cart("VIR-2704", 3 - line["available"])
order = place()
print("placed", order["code"], lines(order))
PY
