#!/bin/bash
# Wrong (right effect, wrong details: both cable packs are returned),
# through the shop's MCP tools over stdio, like the reference solution.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from shop_mcp import alices_orders, run


async def steps(call):
    delivered, cables, paid, shipped, one_pack = await alices_orders(call)
    await call("request_return", code=delivered["code"], reason="broken", refund_method="store_credit",
               items=[{"item_id": cables["id"], "quantity": 2}])
    await call("cancel_order", code=paid["code"], reason="found it cheaper elsewhere")


run(steps)
PY
