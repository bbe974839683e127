#!/bin/bash
# alternative (MCP over stdio, other lookups): through `mock-services mcp shop`, finds the delivered
# order with list_orders(status=delivered), returns one cable pack for store credit, then finds
# yesterday's kitchen order by its placed date and cancels it.
set -euo pipefail
python3 - <<'PY'
import asyncio, sys
from mcp import Client, StdioServerParameters

SHOP = StdioServerParameters(command=sys.executable, args=["-m", "mock_services.cli", "mcp", "shop"])

async def main():
    async with Client(SHOP) as shop:
        async def call(tool, **args):
            r = await shop.call_tool(tool, args)
            if r.is_error:
                raise SystemExit(f"{tool}: {r.content[0].text}")
            return r.structured_content
        await call("login", username="alice", password="alice-pass")
        delivered = (await call("list_orders", status="delivered"))["items"]
        assert len(delivered) == 1, delivered
        order = await call("get_order", code=delivered[0]["code"])
        cable = next(i for i in order["items"] if "cable" in i["name"].lower())
        await call("request_return", code=order["code"], reason="broken cable pack",
                   items=[{"item_id": cable["id"], "quantity": 1}], refund_method="store_credit")
        everything = (await call("list_orders", per_page=100))["items"]
        yesterday = [o for o in everything if o["placed_at"].startswith("2026-03-01")]
        assert len(yesterday) == 1, yesterday
        await call("cancel_order", code=yesterday[0]["code"], reason="cheaper elsewhere")
        print("returned from", order["code"], "cancelled", yesterday[0]["code"])

asyncio.run(main())
PY
