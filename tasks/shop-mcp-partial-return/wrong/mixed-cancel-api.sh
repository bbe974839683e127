#!/bin/bash
# WRONG channel (partly): the return goes through the MCP server, but the kitchen order is cancelled
# through the shop's JSON API, which the instruction forbids.
set -euo pipefail
python3 - <<'PY'
import asyncio, sys
from mcp import Client, StdioServerParameters
from mock_services.client import ServiceClient
SHOP = StdioServerParameters(command=sys.executable, args=["-m", "mock_services.cli", "mcp", "shop"])
async def main():
    async with Client(SHOP) as shop:
        async def call(tool, **a):
            r = await shop.call_tool(tool, a)
            if r.is_error: raise SystemExit(f"{tool}: {r.content[0].text}")
            return r.structured_content
        await call("login", username="alice", password="alice-pass")
        d = await call("get_order", code="ORD-100001")
        cable = next(i for i in d["items"] if "USB-C" in i["name"])
        await call("request_return", code="ORD-100001", reason="one cable pack arrived broken", items=[{"item_id": cable["id"], "quantity": 1}], refund_method="store_credit")
asyncio.run(main())
api = ServiceClient("http://127.0.0.1:1234/api").login("alice", "alice-pass")
api.call("POST", "/orders/ORD-100003/cancel", {"reason": "found it cheaper elsewhere"})
PY
