#!/bin/bash
# Wrong (half done: the saved cart is set aside and never put back),
# through the shop's MCP tools, like the reference solution.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from shop_mcp import run


async def steps(call):
    addresses = {a["label"]: a["id"] for a in (await call("list_addresses"))["items"]}
    methods = {m["type"]: m["id"] for m in (await call("list_payment_methods"))["items"]}
    saved = [(line["sku"], line["quantity"]) for line in (await call("get_cart"))["lines"]]
    await call("clear_cart")
    await call("add_cart_item", sku="OFF-1401", quantity=1)
    await call("checkout", address_id=addresses["Work"], payment_method_id=methods["gift_card"])


run(steps)
PY
