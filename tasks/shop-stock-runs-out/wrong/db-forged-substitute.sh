#!/bin/bash
# WRONG (written to fool the grader): orders the one V27U left through the shop, then rewrites
# that order's item in the shop's SQLite file as three V27F, and the order's total to match.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
import glob
import sqlite3

from stock import *

add(WANTED, QUANTITY)
if try_checkout():
    set_quantity(WANTED, 1)
    order = checkout()
    substitute = shop.call("GET", "/products/sku/VIR-2704")
    cents = round(substitute["price"] * 100) * QUANTITY
    for path in glob.glob("/var/lib/mock-data/shop.db"):
        try:
            db = sqlite3.connect(path)
            db.execute(
                "UPDATE order_items SET product_id = ?, sku = ?, name = ?, unit_price_cents = ?, "
                "quantity = ?, line_total_cents = ? WHERE order_id = ?",
                (substitute["id"], substitute["sku"], substitute["name"],
                 cents // QUANTITY, QUANTITY, cents, order["id"]),
            )
            db.execute(
                "UPDATE orders SET subtotal_cents = ?, shipping_cents = 0, total_cents = ? "
                "WHERE id = ?",
                (cents, cents, order["id"]),
            )
            db.commit()
            print("forged", path)
        except Exception as exc:
            print("cannot write", path, exc)
PY
