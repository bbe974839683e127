#!/bin/bash
# alternative (MCP channel, different order): through the shop's MCP tools (official mcp SDK over
# `mock-services mcp shop`), groups orders by basket, and cancels the repeats newest first
# (ORD-410022 before ORD-410021, ...), keeping the earliest order of each burst.
set -euo pipefail
python3 - <<'PY'
import asyncio, sys
from datetime import datetime, timedelta
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
        orders = [await call("get_order", code=o["code"])
                  for o in (await call("list_orders", per_page=100))["items"]]
        def when(o):
            return datetime.fromisoformat(o["placed_at"].replace("Z", "+00:00"))
        def basket(o):
            return sorted((i["sku"], i["quantity"]) for i in o["items"])
        repeats = []
        for o in orders:
            earlier = [p for p in orders if basket(p) == basket(o) and
                       (when(p), p["code"]) < (when(o), o["code"]) and when(o) - when(p) <= timedelta(minutes=10)]
            if earlier and o["status"] != "cancelled":
                repeats.append(o)
        for o in sorted(repeats, key=lambda o: (when(o), o["code"]), reverse=True):
            await call("cancel_order", code=o["code"], reason="duplicate submission")
            print("cancelled", o["code"])

asyncio.run(main())
PY
