"""What the wrong solutions of shop-mcp-office-notebook share: Alice logged in to the shop's
MCP tools over streamable HTTP, as in the reference solution;
``run(steps)`` hands ``steps`` the ``call(tool, **arguments)``
that answers a tool's structured content (a tool error ends the script naming the tool, or with
``stop_on_error=False`` is printed and answered as None, as an agent that carries on would)."""

import asyncio

from mcp import Client

SHOP = "http://127.0.0.1:1234/mcp"


def run(steps, *, stop_on_error: bool = True) -> None:
    async def main() -> None:
        async with Client(SHOP) as shop:

            async def call(tool, **arguments):
                result = await shop.call_tool(tool, arguments)
                if result.is_error:
                    refused = f"{tool}: {result.content[0].text}"
                    if stop_on_error:
                        raise SystemExit(refused)
                    print(refused)
                    return None
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


NOTEBOOK = "OFF-1401"


async def notebook_orderer(call):
    """The notebook's SKU, Alice's address ids by label and payment method ids by type, her
    cart's (sku, quantity) lines, and ``order_alone``: empty the cart, buy the notebook alone
    (to ``address``, paid with ``pay``, ``qty`` of it), then put the saved cart back."""
    addresses = {a["label"]: a["id"] for a in (await call("list_addresses"))["items"]}
    methods = {m["type"]: m["id"] for m in (await call("list_payment_methods"))["items"]}
    saved = [(line["sku"], line["quantity"]) for line in (await call("get_cart"))["lines"]]

    async def order_alone(address="Work", pay="gift_card", qty=1, restore=True):
        await call("clear_cart")
        await call("add_cart_item", sku=NOTEBOOK, quantity=qty)
        order = await call(
            "checkout", address_id=addresses[address], payment_method_id=methods[pay]
        )
        shown = order and (order["code"], order["total"], order["ship_to"]["line1"])
        print("ordered", shown, order and order["payment_label"])
        if restore:
            for sku, quantity in saved:
                await call("add_cart_item", sku=sku, quantity=quantity)
        return order

    return NOTEBOOK, addresses, methods, saved, order_alone
