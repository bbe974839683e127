"""The right actions of shop-mcp-partial-return through the shop's MCP tools (one cable pack
returned for store credit, yesterday's paid order cancelled), with the two reasons given by each
script: ``python3 -m d69_return RETURN_REASON CANCEL_REASON``."""

import asyncio
import sys

from mcp import Client

SHOP_MCP = "http://127.0.0.1:1234/mcp"


async def _act(return_reason: str, cancel_reason: str) -> None:
    async with Client(SHOP_MCP) as shop:

        async def call(tool: str, **arguments: object) -> dict:
            result = await shop.call_tool(tool, arguments)
            if result.is_error:
                raise SystemExit(f"{tool}: {result.content[0].text}")
            return result.structured_content

        await call("login", username="alice", password="alice-pass")
        listed = (await call("list_orders", per_page=100))["items"]
        orders = [await call("get_order", code=o["code"]) for o in listed]
        delivered = next(
            o
            for o in orders
            if o["status"] == "delivered" and any("USB-C Cable" in i["name"] for i in o["items"])
        )
        cables = next(i for i in delivered["items"] if "USB-C Cable" in i["name"])
        await call(
            "request_return",
            code=delivered["code"],
            reason=return_reason,
            items=[{"item_id": cables["id"], "quantity": 1}],
            refund_method="store_credit",
        )
        (paid,) = [o for o in orders if o["status"] == "paid"]
        await call("cancel_order", code=paid["code"], reason=cancel_reason)
        print("returned 1 of", delivered["code"], "cancelled", paid["code"])


if __name__ == "__main__":
    asyncio.run(_act(sys.argv[1], sys.argv[2]))
