#!/bin/bash
# alternative (MCP over streamable HTTP, different order): looks up address and gift card first,
# adds the notebook to the cart before setting the saved lines aside (update_cart_item quantity 0),
# checks out to Work with the gift card, then puts the saved lines back.
set -euo pipefail
python3 - <<'PY'
import asyncio
from mcp import Client

async def main():
    async with Client("http://127.0.0.1:1234/mcp") as shop:
        async def call(tool, **args):
            r = await shop.call_tool(tool, args)
            if r.is_error:
                raise SystemExit(f"{tool}: {r.content[0].text}")
            return r.structured_content
        await call("login", username="alice", password="alice-pass")
        work = next(a for a in (await call("list_addresses"))["items"] if a["label"] == "Work")
        gift = next(m for m in (await call("list_payment_methods"))["items"] if m["type"] == "gift_card")
        saved = [(l["id"], l["sku"], l["quantity"]) for l in (await call("get_cart"))["lines"]]
        nb = next(p for p in (await call("list_products", q="dotted notebook"))["items"] if "A5" in p["name"])
        await call("add_cart_item", sku=nb["sku"], quantity=1)
        for line_id, _, _ in saved:
            await call("update_cart_item", line_id=line_id, quantity=0)
        order = await call("checkout", address_id=work["id"], payment_method_id=gift["id"])
        print("ordered", order["code"], [(i["sku"], i["quantity"]) for i in order["items"]])
        for _, sku, q in saved:
            await call("add_cart_item", sku=sku, quantity=q)
        print("cart", [(l["sku"], l["quantity"]) for l in (await call("get_cart"))["lines"]])

asyncio.run(main())
PY
