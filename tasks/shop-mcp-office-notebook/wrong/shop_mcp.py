"""What the wrong solutions of shop-mcp-office-notebook share: Alice logged in to the shop's
MCP tools over streamable HTTP, as in the reference solution;
``run(steps)`` hands ``steps`` the ``call(tool, **arguments)``
that answers a tool's structured content (a tool error ends the script naming the tool)."""

import asyncio

from mcp import Client

SHOP = "http://127.0.0.1:1234/mcp"


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


async def cart_set_aside(call):
    """Alice's address ids by label, payment method ids by type, and her cart's (sku,
    quantity) lines, read through the tools; then her cart is emptied."""
    addresses = {a["label"]: a["id"] for a in (await call("list_addresses"))["items"]}
    methods = {m["type"]: m["id"] for m in (await call("list_payment_methods"))["items"]}
    saved = [(line["sku"], line["quantity"]) for line in (await call("get_cart"))["lines"]]
    await call("clear_cart")
    return addresses, methods, saved
