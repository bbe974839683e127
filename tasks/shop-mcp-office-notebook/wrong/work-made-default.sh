#!/bin/bash
# WRONG extra: correct order, but also makes Work the default address and the gift card the default payment (account changed).
set -euo pipefail
python3 - <<'PY'
import asyncio, sys
from mcp import Client, StdioServerParameters
async def main():
    async with Client("http://127.0.0.1:1234/mcp") as shop:
        async def call(tool, **a):
            r = await shop.call_tool(tool, a)
            if r.is_error: raise SystemExit(f"{tool}: {r.content[0].text}")
            return r.structured_content
        await call("login", username="alice", password="alice-pass")
        nb = next(p for p in (await call("list_products", q="dotted notebook"))["items"] if "A5" in p["name"])
        addrs = {a["label"]: a for a in (await call("list_addresses"))["items"]}
        pms = (await call("list_payment_methods"))["items"]
        gift = next(m for m in pms if m["type"] == "gift_card")
        visa = next(m for m in pms if m.get("brand") == "Visa")
        saved = [(l["sku"], l["quantity"]) for l in (await call("get_cart"))["lines"]]

        await call("set_default_address", address_id=addrs["Work"]["id"])
        await call("set_default_payment_method", method_id=gift["id"])
        await call("clear_cart"); await call("add_cart_item", sku=nb["sku"], quantity=1)
        await call("checkout", address_id=addrs["Work"]["id"], payment_method_id=gift["id"])
        for s, q in saved: await call("add_cart_item", sku=s, quantity=q)
asyncio.run(main())
PY
