#!/bin/bash
# WRONG (channel): orders the notebook through the MCP tools, but puts the saved cart back
# through the shop's JSON API, which the instruction forbids (MCP only).
set -euo pipefail
python3 - <<'PY'
import asyncio
from mcp import Client
from mock_services.client import ServiceClient
async def main():
    async with Client("http://127.0.0.1:1234/mcp") as shop:
        async def call(tool, **a):
            r = await shop.call_tool(tool, a)
            if r.is_error: raise SystemExit(f"{tool}: {r.content[0].text}")
            return r.structured_content
        await call("login", username="alice", password="alice-pass")
        saved = [(l["sku"], l["quantity"]) for l in (await call("get_cart"))["lines"]]
        await call("clear_cart")
        await call("add_cart_item", sku="OFF-1401", quantity=1)
        work = next(a for a in (await call("list_addresses"))["items"] if a["label"] == "Work")
        gift = next(m for m in (await call("list_payment_methods"))["items"] if m["type"] == "gift_card")
        await call("checkout", address_id=work["id"], payment_method_id=gift["id"])
    api = ServiceClient("http://127.0.0.1:1234/api").login("alice", "alice-pass")
    for s, q in saved:
        api.call("POST", "/cart/items", {"sku": s, "quantity": q})
asyncio.run(main())
PY
