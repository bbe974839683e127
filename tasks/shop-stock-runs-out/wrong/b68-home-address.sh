#!/bin/bash
# wrong (right change, wrong record): orders the right substitute (three V27F) but ships them to the Home address instead of the default Office one.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from b68_stock import home, lines, place, rows, shop, swap_for

swap_for("VIR-2704")
other = next(a["id"] for a in rows(shop.call("GET", "/addresses")) if a["id"] != home)
order = place(address=other)
print("placed", order["code"], order.get("ship_line1"), lines(order))
PY
