#!/bin/bash
# Reference solution of shop-mcp-office-notebook, through the shop's MCP tools only (the
# official MCP SDK's client over streamable HTTP, the server task.toml declares): set the saved
# cart aside, check out the notebook alone to Work with the gift card, put the cart back.
set -euo pipefail
python3 - <<'PY'
import asyncio

from mcp import Client

SHOP_MCP = "http://127.0.0.1:1234/mcp"


async def main() -> None:
    async with Client(SHOP_MCP) as shop:

        async def call(tool, **arguments):
            result = await shop.call_tool(tool, arguments)
            if result.is_error:
                raise SystemExit(f"{tool}: {result.content[0].text}")
            return result.structured_content

        await call("login", username="alice", password="alice-pass")
        found = await call("list_products", q="dotted notebook")
        notebook = next(p for p in found["items"] if "A5" in p["name"])
        saved = [(line["sku"], line["quantity"]) for line in (await call("get_cart"))["lines"]]
        await call("clear_cart")
        await call("add_cart_item", sku=notebook["sku"], quantity=1)
        work = next(a for a in (await call("list_addresses"))["items"] if a["label"] == "Work")
        methods = (await call("list_payment_methods"))["items"]
        gift_card = next(m for m in methods if m["type"] == "gift_card")
        order = await call("checkout", address_id=work["id"], payment_method_id=gift_card["id"])
        print("ordered", order["code"], order["total"])
        for sku, quantity in saved:
            await call("add_cart_item", sku=sku, quantity=quantity)


asyncio.run(main())
PY
