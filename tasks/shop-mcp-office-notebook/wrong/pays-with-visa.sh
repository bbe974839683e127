#!/bin/bash
# wrong details (payment): orders the notebook alone to Work and restores the cart, but pays with the default Visa card instead of the gift card.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from shop_mcp import notebook_orderer, run


async def steps(call):
    NB, addrs, pms, saved, order_alone = await notebook_orderer(call)
    await order_alone(pay="card")


run(steps, stop_on_error=False)
PY
