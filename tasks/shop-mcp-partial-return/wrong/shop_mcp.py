"""What the wrong solutions of shop-mcp-partial-return share: Alice logged in to the shop's
MCP tools over stdio, as in the reference solution;
``run(steps)`` hands ``steps`` the ``call(tool, **arguments)``
that answers a tool's structured content (a tool error ends the script naming the tool);
``alices_orders(call)`` looks up the orders the task is about."""

import asyncio
import sys

from mcp import Client, StdioServerParameters

SHOP = StdioServerParameters(
    command=sys.executable, args=["-m", "mock_services.cli", "mcp", "shop"]
)


def run(steps) -> None:
    async def main() -> None:
        async with Client(SHOP) as shop:

            async def call(tool, **arguments):
                result = await shop.call_tool(tool, arguments)
                if result.is_error:
                    raise SystemExit(f"{tool}: {result.content[0].text}")
                return result.structured_content

            await call("login", username="alice", password="alice-pass")
            await steps(call)

    asyncio.run(main())


async def alices_orders(call):
    """(the delivered order, its USB-C cable line, the paid order, the shipped order, one
    pack of the cables as a return's items), read through the tools."""
    orders = [
        await call("get_order", code=o["code"])
        for o in (await call("list_orders", per_page=100))["items"]
    ]
    delivered = next(o for o in orders if o["status"] == "delivered")
    cables = next(i for i in delivered["items"] if "USB-C Cable" in i["name"])
    paid = next(o for o in orders if o["status"] == "paid")
    shipped = next(o for o in orders if o["status"] == "shipped")
    return delivered, cables, paid, shipped, [{"item_id": cables["id"], "quantity": 1}]
