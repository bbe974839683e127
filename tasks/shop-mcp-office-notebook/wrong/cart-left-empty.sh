#!/bin/bash
# partial work: clears the cart, orders the notebook right (Work, gift card) but never puts the saved coffee maker and coffee back; the cart ends empty.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from shop_mcp import notebook_orderer, run


async def steps(call):
    NB, addrs, pms, saved, order_alone = await notebook_orderer(call)
    await order_alone(restore=False)


run(steps, stop_on_error=False)
PY
