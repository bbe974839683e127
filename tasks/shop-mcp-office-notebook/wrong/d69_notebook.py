"""The right notebook order of shop-mcp-office-notebook through the shop's MCP tools (cart set
aside and put back, Work address, gift card), with the checkout note given by each script."""

import asyncio
import sys

from mcp import Client

SHOP_MCP = "http://127.0.0.1:1234/mcp"


async def _order(note: str) -> None:
    async with Client(SHOP_MCP) as shop:

        async def call(tool: str, **arguments: object) -> dict:
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
        order = await call(
            "checkout", address_id=work["id"], payment_method_id=gift_card["id"], note=note
        )
        print("ordered", order["code"], order["total"], "note:", order.get("note"))
        for sku, quantity in saved:
            await call("add_cart_item", sku=sku, quantity=quantity)


if __name__ == "__main__":
    asyncio.run(_order(sys.argv[1]))
