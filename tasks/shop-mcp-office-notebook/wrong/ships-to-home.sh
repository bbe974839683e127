#!/bin/bash
# wrong details (address): orders the notebook alone on the gift card and restores the cart, but ships it to the default Home address instead of Work.
set -euo pipefail
python3 - <<'PY'
import asyncio
from mcp import Client

async def main():
    async with Client("http://127.0.0.1:1234/mcp") as shop:
        async def call(tool, **args):
            r = await shop.call_tool(tool, args)
            if r.is_error:
                print(f"{tool}: {r.content[0].text}")
                return None
            return r.structured_content
        await call("login", username="alice", password="alice-pass")
        NB = "OFF-1401"
        addrs = {a["label"]: a["id"] for a in (await call("list_addresses"))["items"]}
        pms = {m["type"]: m["id"] for m in (await call("list_payment_methods"))["items"]}
        saved = [(l["sku"], l["quantity"]) for l in (await call("get_cart"))["lines"]]
        async def order_alone(address="Work", pay="gift_card", qty=1, restore=True):
            await call("clear_cart")
            await call("add_cart_item", sku=NB, quantity=qty)
            o = await call("checkout", address_id=addrs[address], payment_method_id=pms[pay])
            print("ordered", o and (o["code"], o["total"], o["ship_to"]["line1"], o["payment_label"]))
            if restore:
                for sku, q in saved:
                    await call("add_cart_item", sku=sku, quantity=q)
            return o

        await order_alone(address="Home")

asyncio.run(main())
PY
