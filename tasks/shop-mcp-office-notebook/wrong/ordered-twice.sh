#!/bin/bash
# redone: places the right order, then (thinking the first attempt failed) places it a second time, paying the second one with the Visa once the gift card is short; two notebook orders where one was asked for.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from shop_mcp import notebook_orderer, run


async def steps(call):
    NB, addrs, pms, saved, order_alone = await notebook_orderer(call)
    await order_alone()
    await order_alone(pay="card")


run(steps, stop_on_error=False)
PY
