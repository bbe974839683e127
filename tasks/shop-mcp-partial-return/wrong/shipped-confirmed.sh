#!/bin/bash
# Wrong (a change outside the request: the order on its way is marked received),
# through the shop's MCP tools over stdio, like the reference solution.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from shop_mcp import alices_orders, run


async def steps(call):
    delivered, cables, paid, shipped, one_pack = await alices_orders(call)
    await call("request_return", code=delivered["code"], reason="broken", items=one_pack,
               refund_method="store_credit")
    await call("cancel_order", code=paid["code"], reason="found it cheaper elsewhere")
    await call("confirm_receipt", code=shipped["code"])


run(steps)
PY
