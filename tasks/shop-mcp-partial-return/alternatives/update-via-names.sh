#!/bin/bash
# ALT (correct): stdio MCP; finds orders by status and item names, different return reason wording.
set -euo pipefail
python3 - <<'PY'
import asyncio, sys
from mcp import Client, StdioServerParameters
SHOP = StdioServerParameters(command=sys.executable, args=["-m", "mock_services.cli", "mcp", "shop"])
async def main():
    async with Client(SHOP) as shop:
        async def call(tool, **a):
            r = await shop.call_tool(tool, a)
            if r.is_error: raise SystemExit(f"{tool}: {r.content[0].text}")
            return r.structured_content
        await call("login", username="alice", password="alice-pass")
        orders = {o["code"]: await call("get_order", code=o["code"]) for o in (await call("list_orders", per_page=100))["items"]}
        d = orders["ORD-100001"]
        cable = next(i for i in d["items"] if "USB-C" in i["name"])
        buds = next(i for i in d["items"] if "Earbuds" in i["name"])

        delivered = next(o for o in orders.values() if o["status"] == "delivered" and any("Cable" in i["name"] for i in o["items"]))
        line = next(i for i in delivered["items"] if "Cable" in i["name"])
        await call("request_return", code=delivered["code"], reason="Defective: one of the two braided USB-C cable packs does not work", items=[{"item_id": line["id"], "quantity": 1}], refund_method="store_credit")
        kitchen = next(o for o in orders.values() if o["status"] == "paid" and any("Kettle" in i["name"] for i in o["items"]))
        await call("cancel_order", code=kitchen["code"], reason="Cheaper elsewhere")
asyncio.run(main())
PY
