#!/bin/bash
# alternative (MCP over stdio, other tools): through the stdio bridge `mock-services mcp shop`,
# removes each saved cart line with remove_cart_item (not clear_cart), adds the A5 dotted notebook,
# checks out to Work with the gift card, then re-adds the saved lines in their quantities.
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
        cart = await call("get_cart")
        saved = [(l["sku"], l["quantity"]) for l in cart["lines"]]
        for line in cart["lines"]:
            await call("remove_cart_item", line_id=line["id"])
        hits = (await call("list_products", q="Hardcover Dotted Notebook"))["items"]
        nb = next(p for p in hits if "A5" in p["name"] and "dotted" in p["name"].lower())
        await call("add_cart_item", sku=nb["sku"], quantity=1)
        assert [(l["sku"], l["quantity"]) for l in (await call("get_cart"))["lines"]] == [(nb["sku"], 1)]
        work = next(a for a in (await call("list_addresses"))["items"] if a["label"] == "Work")
        gift = next(m for m in (await call("list_payment_methods"))["items"] if m["type"] == "gift_card")
        order = await call("checkout", address_id=work["id"], payment_method_id=gift["id"])
        print("ordered", order["code"], order["total"])
        for sku, q in saved:
            await call("add_cart_item", sku=sku, quantity=q)
        print("cart", [(l["sku"], l["quantity"]) for l in (await call("get_cart"))["lines"]])

asyncio.run(main())
PY
