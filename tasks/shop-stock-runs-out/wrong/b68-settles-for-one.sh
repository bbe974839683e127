#!/bin/bash
# wrong (fewer): orders the single V27U left, settling for fewer than three, which the instruction forbids.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from b68_stock import cart, lines, place, shop

cart()
line = shop.call("GET", "/cart")["lines"][0]
shop.call("PATCH", f"/cart/items/{line['id']}", {"quantity": line["available"]})
order = place()
print("placed", order["code"], lines(order))
PY
