#!/bin/bash
# Wrong (effect undone before the end: a first order to Home, cancelled, then the right one),
# through the shop's MCP tools, like the reference solution.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from shop_mcp import cart_set_aside, run


async def steps(call):
    addresses, methods, saved = await cart_set_aside(call)
    await call("add_cart_item", sku="OFF-1401", quantity=1)
    first = await call("checkout", address_id=addresses["Home"], payment_method_id=methods["gift_card"])
    await call("cancel_order", code=first["code"], reason="wrong address")
    await call("add_cart_item", sku="OFF-1401", quantity=1)
    await call("checkout", address_id=addresses["Work"], payment_method_id=methods["gift_card"])
    for sku, quantity in saved:
        await call("add_cart_item", sku=sku, quantity=quantity)


run(steps)
PY
