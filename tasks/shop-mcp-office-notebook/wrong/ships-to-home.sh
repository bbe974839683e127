#!/bin/bash
# wrong details (address): orders the notebook alone on the gift card and restores the cart, but ships it to the default Home address instead of Work.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from shop_mcp import notebook_orderer, run


async def steps(call):
    NB, addrs, pms, saved, order_alone = await notebook_orderer(call)
    await order_alone(address="Home")


run(steps, stop_on_error=False)
PY
