#!/bin/bash
# wrong target (saved cart bought): adds the notebook to the cart as is and checks out everything to Work; the gift card cannot cover it, so it pays with the Visa; the saved coffee maker and coffee are bought and leave the cart.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from shop_mcp import notebook_orderer, run


async def steps(call):
    NB, addrs, pms, saved, order_alone = await notebook_orderer(call)
    await call("add_cart_item", sku=NB, quantity=1)
    o = await call("checkout", address_id=addrs["Work"], payment_method_id=pms["gift_card"])
    if o is None:
        o = await call("checkout", address_id=addrs["Work"], payment_method_id=pms["card"])
    print("ordered", o and o["code"])


run(steps, stop_on_error=False)
PY
