#!/bin/bash
# wrong details (quantity, payment): orders 2 notebooks (the quantity of the earlier notebook order ORD-100002) instead of one; the gift card cannot cover two, so it falls back to the Visa; cart restored.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from shop_mcp import notebook_orderer, run


async def steps(call):
    NB, addrs, pms, saved, order_alone = await notebook_orderer(call)
    o = await order_alone(qty=2, restore=False)
    if o is None:
        await order_alone(qty=2, pay="card")


run(steps, stop_on_error=False)
PY
