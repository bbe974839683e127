#!/bin/bash
# ALT (correct): through MCP tools; works newest-first, comparing each order with all earlier ones within 10 minutes; no reason given.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient
shop = ServiceClient("http://127.0.0.1:1234/api").login("alice", "alice-pass")
def cancel(*codes, reason="duplicate order"):
    for c in codes:
        shop.call("POST", f"/orders/{c}/cancel", {"reason": reason})

import asyncio
from datetime import datetime, timedelta
from mcp import Client
async def main():
    async with Client("http://127.0.0.1:1234/mcp") as c:
        async def call(tool, **a):
            r = await c.call_tool(tool, a)
            if r.is_error: raise SystemExit(f"{tool}: {r.content[0].text}")
            return r.structured_content
        await call("login", username="alice", password="alice-pass")
        orders = [await call("get_order", code=o["code"]) for o in (await call("list_orders", per_page=100))["items"]]
        when = lambda o: datetime.fromisoformat(o["placed_at"].replace("Z", "+00:00"))
        basket = lambda o: sorted((i["sku"], i["quantity"]) for i in o["items"])
        orders.sort(key=lambda o: (o["placed_at"], o["code"]), reverse=True)
        for i, o in enumerate(orders):
            earlier = orders[i+1:]
            if any(basket(e) == basket(o) and timedelta(0) <= when(o) - when(e) <= timedelta(minutes=10) for e in earlier) and o["status"] != "cancelled":
                await call("cancel_order", code=o["code"])
asyncio.run(main())
PY
