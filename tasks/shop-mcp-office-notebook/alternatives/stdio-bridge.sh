#!/bin/bash
# ALT (correct): same outcome through the MCP stdio bridge (`mock-services mcp shop`), removing the
# saved lines one by one with remove_cart_item, a note on the order, then re-adding the lines.
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
        nb = next(p for p in (await call("list_products", q="notebook"))["items"] if "Dotted" in p["name"] and "A5" in p["name"])
        lines = (await call("get_cart"))["lines"]
        for l in lines:
            await call("remove_cart_item", line_id=l["id"])
        await call("add_cart_item", sku=nb["sku"])
        work = next(a for a in (await call("list_addresses"))["items"] if a["label"] == "Work")
        gift = next(m for m in (await call("list_payment_methods"))["items"] if m["type"] == "gift_card")
        await call("checkout", address_id=work["id"], payment_method_id=gift["id"], note="for the office")
        for l in lines:
            await call("add_cart_item", sku=l["sku"], quantity=l["quantity"])
asyncio.run(main())
PY
