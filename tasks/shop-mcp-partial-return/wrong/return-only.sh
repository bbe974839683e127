#!/bin/bash
# Wrong (half done: the return, but yesterday's order is never cancelled),
# through the shop's MCP tools over stdio, like the reference solution.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from shop_mcp import alices_orders, run


async def steps(call):
    delivered, cables, paid, shipped, one_pack = await alices_orders(call)
    await call("request_return", code=delivered["code"], reason="broken", items=one_pack,
               refund_method="store_credit")


run(steps)
PY
