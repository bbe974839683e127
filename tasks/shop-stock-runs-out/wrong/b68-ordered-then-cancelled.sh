#!/bin/bash
# wrong (done then undone): first orders the one V27U left as a stopgap, cancels that order, then orders three V27F: two orders were placed where the instruction said just one.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from b68_stock import cart, lines, place, shop

cart(quantity=1)
first = place()
shop.call("POST", f"/orders/{first['code']}/cancel", {"reason": "ordered by mistake"})
cart("VIR-2704")
order = place()
print("placed and cancelled", first["code"], "then placed", order["code"], lines(order))
PY
