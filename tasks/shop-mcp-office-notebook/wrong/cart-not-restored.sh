#!/bin/bash
# Wrong (half done: the saved cart is set aside and never put back),
# through the shop's MCP tools, like the reference solution.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from shop_mcp import cart_set_aside, run


async def steps(call):
    addresses, methods, saved = await cart_set_aside(call)
    await call("add_cart_item", sku="OFF-1401", quantity=1)
    await call("checkout", address_id=addresses["Work"], payment_method_id=methods["gift_card"])


run(steps)
PY
