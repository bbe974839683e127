#!/bin/bash
# alternative (MCP channel): through the shop's MCP tools (official mcp SDK over `mock-services
# mcp shop`): three V27U in the cart, checkout; when the shop refuses it for want of stock, the
# line goes to 0 and three of the cheapest other 27-inch Vireo sold in three are ordered.
set -euo pipefail
python3 - <<'PY'
import asyncio
import sys

from mcp import Client, StdioServerParameters

SHOP = StdioServerParameters(command=sys.executable, args=["-m", "mock_services.cli", "mcp", "shop"])


async def main():
    async with Client(SHOP) as shop:
        async def call(tool, **args):
            result = await shop.call_tool(tool, args)
            if result.is_error:
                raise RuntimeError(f"{tool}: {result.content[0].text}")
            return result.structured_content

        await call("login", username="alice", password="alice-pass")
        profile = await call("get_profile")
        pay = {
            "address_id": profile["default_address_id"],
            "payment_method_id": profile["default_payment_method_id"],
        }
        cart = await call("add_cart_item", sku="VIR-2701", quantity=3)
        try:
            order = await call("checkout", **pay)
        except RuntimeError as refused:
            print("refused:", refused)
            line = next(l for l in cart["lines"] if l["sku"] == "VIR-2701")
            await call("update_cart_item", line_id=line["id"], quantity=0)
            found = (await call("list_products", brand="Vireo", q="27-inch", per_page=100))["items"]
            fit = [p for p in found if p["sku"] != "VIR-2701" and p["stock"] >= 3]
            substitute = min(fit, key=lambda p: p["price"])
            print("substitute:", substitute["sku"], substitute["price"])
            await call("add_cart_item", product_id=substitute["id"], quantity=3)
            order = await call("checkout", **pay)
        print("ordered", order["code"], [(i["sku"], i["quantity"]) for i in order["items"]])


asyncio.run(main())
PY
