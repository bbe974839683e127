#!/bin/bash
# right effect redone: first places the order to Home, cancels it, then places the right order to Work; an extra (cancelled) order exists and the gift card was charged and refunded.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from shop_mcp import notebook_orderer, run


async def steps(call):
    NB, addrs, pms, saved, order_alone = await notebook_orderer(call)
    o = await order_alone(address="Home")
    await call("cancel_order", code=o["code"], reason="wrong address")
    await order_alone()


run(steps, stop_on_error=False)
PY
