#!/bin/bash
# Reference solution of shop-mcp-partial-return, through the shop's MCP tools only: the official
# MCP SDK's client over stdio, starting the server task.toml declares (`mock-services mcp shop`,
# a bridge to the shop's /mcp). Return one cable pack of the delivered order for store credit,
# then cancel yesterday's paid order.
set -euo pipefail
python3 - <<'PY'
import asyncio
import sys

from mcp import Client, StdioServerParameters

SHOP = StdioServerParameters(command=sys.executable, args=["-m", "mock_services.cli", "mcp", "shop"])


async def main() -> None:
    async with Client(SHOP) as shop:

        async def call(tool, **arguments):
            result = await shop.call_tool(tool, arguments)
            if result.is_error:
                raise SystemExit(f"{tool}: {result.content[0].text}")
            return result.structured_content

        await call("login", username="alice", password="alice-pass")
        orders = [await call("get_order", code=o["code"])
                  for o in (await call("list_orders", per_page=100))["items"]]
        delivered = next(o for o in orders if o["status"] == "delivered"
                         and any("USB-C Cable" in i["name"] for i in o["items"]))
        cables = next(i for i in delivered["items"] if "USB-C Cable" in i["name"])
        await call("request_return", code=delivered["code"], reason="one cable pack arrived broken",
                   items=[{"item_id": cables["id"], "quantity": 1}], refund_method="store_credit")
        paid = [o for o in orders if o["status"] == "paid"]
        assert len(paid) == 1, [o["code"] for o in paid]
        await call("cancel_order", code=paid[0]["code"], reason="found it cheaper elsewhere")


asyncio.run(main())
PY
