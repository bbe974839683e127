#!/bin/bash
# wrong details (cart quantities): orders right, but puts each saved item back with quantity 1, so the coffee line drops from 2 to 1.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from shop_mcp import notebook_orderer, run


async def steps(call):
    NB, addrs, pms, saved, order_alone = await notebook_orderer(call)
    await order_alone(restore=False)
    for sku, q in saved:
        await call("add_cart_item", sku=sku, quantity=1)


run(steps, stop_on_error=False)
PY
