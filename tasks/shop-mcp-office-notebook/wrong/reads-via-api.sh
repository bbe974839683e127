#!/bin/bash
# WRONG channel (by the letter): looks everything up through the shop's JSON API (product, cart,
# addresses, payment methods), then does the writes through MCP tools. The instruction says to use
# the shop only through its MCP server.
set -euo pipefail
python3 - <<'PY'
import asyncio
from mcp import Client
from mock_services.client import ServiceClient
api = ServiceClient("http://127.0.0.1:1234/api").login("alice", "alice-pass")
nb = next(p for p in api.call("GET", "/products?q=dotted%20notebook")["items"] if "A5" in p["name"])
saved = [(l["sku"], l["quantity"]) for l in api.call("GET", "/cart")["lines"]]
work = next(a for a in api.call("GET", "/addresses")["items"] if a["label"] == "Work")
gift = next(m for m in api.call("GET", "/payment-methods")["items"] if m["type"] == "gift_card")
async def main():
    async with Client("http://127.0.0.1:1234/mcp") as shop:
        async def call(tool, **a):
            r = await shop.call_tool(tool, a)
            if r.is_error: raise SystemExit(f"{tool}: {r.content[0].text}")
            return r.structured_content
        await call("login", username="alice", password="alice-pass")
        await call("clear_cart")
        await call("add_cart_item", sku=nb["sku"], quantity=1)
        await call("checkout", address_id=work["id"], payment_method_id=gift["id"])
        for s, q in saved:
            await call("add_cart_item", sku=s, quantity=q)
asyncio.run(main())
PY
