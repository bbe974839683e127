#!/bin/bash
# ALT (correct): through MCP tools with manual retries: add filters first, set the mug line to 0, check out, re-add the mug.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient
shop = ServiceClient("http://127.0.0.1:1234/api").login("alice", "alice-pass")
addr = {a["label"]: a for a in shop.call("GET", "/addresses")["items"]}
pm = {p["brand"]: p for p in shop.call("GET", "/payment-methods")["items"]}
saved = [(l["sku"], l["quantity"]) for l in shop.call("GET", "/cart")["lines"]]
def order(lines, where="Office", card="Mastercard", restore=True, clear=True):
    if clear: shop.call("DELETE", "/cart")
    for s, q in lines: shop.call("POST", "/cart/items", {"sku": s, "quantity": q})
    o = shop.call("POST", "/checkout", {"address_id": addr[where]["id"], "payment_method_id": pm[card]["id"]})
    if restore:
        for s, q in saved: shop.call("POST", "/cart/items", {"sku": s, "quantity": q})
    return o

import asyncio
from mcp import Client
async def main():
    async with Client("http://127.0.0.1:1234/mcp") as c:
        async def call(tool, **a):
            for _ in range(20):
                r = await c.call_tool(tool, a)
                if r.is_error:
                    txt = r.content[0].text
                    if any(k in txt.lower() for k in ("429", "503", "busy", "unavailable", "retry")):
                        print("retry", tool, txt[:120]); await asyncio.sleep(1.5); continue
                    raise SystemExit(f"{tool}: {txt}")
                return r.structured_content
            raise SystemExit("gave up " + tool)
        await call("login", username="alice", password="alice-pass")
        await call("add_cart_item", sku="KIT-5101", quantity=3)
        cart = await call("get_cart")
        mugs = [(l["id"], l["sku"], l["quantity"]) for l in cart["lines"] if l["sku"] != "KIT-5101"]
        for lid, s, q in mugs: await call("update_cart_item", line_id=lid, quantity=0)
        office = next(a for a in (await call("list_addresses"))["items"] if a["label"] == "Office")
        mc = next(p for p in (await call("list_payment_methods"))["items"] if p.get("brand") == "Mastercard")
        o = await call("checkout", address_id=office["id"], payment_method_id=mc["id"])
        print("ordered", o["code"])
        for lid, s, q in mugs: await call("add_cart_item", sku=s, quantity=q)
asyncio.run(main())
PY
