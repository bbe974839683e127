#!/bin/bash
# Wrong (a change outside the request: the order on its way is marked received),
# through the shop's MCP tools over stdio, like the reference solution.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from shop_mcp import run


async def steps(call):
    orders = [await call("get_order", code=o["code"])
              for o in (await call("list_orders", per_page=100))["items"]]
    delivered = next(o for o in orders if o["status"] == "delivered")
    cables = next(i for i in delivered["items"] if "USB-C Cable" in i["name"])
    paid = next(o for o in orders if o["status"] == "paid")
    shipped = next(o for o in orders if o["status"] == "shipped")
    one_pack = [{"item_id": cables["id"], "quantity": 1}]
    await call("request_return", code=delivered["code"], reason="broken", items=one_pack,
               refund_method="store_credit")
    await call("cancel_order", code=paid["code"], reason="found it cheaper elsewhere")
    await call("confirm_receipt", code=shipped["code"])


run(steps)
PY
