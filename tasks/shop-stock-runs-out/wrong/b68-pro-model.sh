#!/bin/bash
# wrong (right words, wrong decision): when the V27U runs out it orders three V27U Pro, the same 4K panel, instead of the cheapest 27-inch Vireo with three in stock (the V27F).
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from b68_stock import cart, lines, place, shop

cart()
print("cart after adding the V27U:", shop.call("GET", "/cart"))
shop.call("DELETE", "/cart")
cart("VIR-2703")
order = place()
print("placed", order["code"], lines(order))
PY
