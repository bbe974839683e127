#!/bin/bash
# ALT (right): removes just the saved lines one by one (delete cart item), orders the notebook to Work with the gift card, then adds the saved items back in the same quantities, all through MCP.
set -euo pipefail
python3 - <<'PY'
import asyncio, json
from mcp import Client
async def main():
    async with Client("http://127.0.0.1:1234/mcp") as shop:
        async def call(tool, **a):
            r = await shop.call_tool(tool, a)
            if r.is_error: raise SystemExit(f"{tool}: {r.content[0].text}")
            return r.structured_content
        await call("login", username="alice", password="alice-pass")
        work = next(a for a in (await call("list_addresses"))["items"] if a["label"] == "Work")
        home = next(a for a in (await call("list_addresses"))["items"] if a["label"] == "Home")
        methods = (await call("list_payment_methods"))["items"]
        gift = next(m for m in methods if m["type"] == "gift_card")
        visa = next(m for m in methods if m["type"] == "card")
        saved = [(l["sku"], l["quantity"]) for l in (await call("get_cart"))["lines"]]

        for l in (await call("get_cart"))["lines"]:
            await call("remove_cart_item", line_id=l["id"])
        await call("add_cart_item", sku="OFF-1401", quantity=1)
        await call("checkout", address_id=work["id"], payment_method_id=gift["id"], note="For the office")
        for s,q in saved: await call("add_cart_item", sku=s, quantity=q)
asyncio.run(main())
PY
