#!/bin/bash
# forbidden channel + wrong scope: uses the web UI forms (return form with store credit, cancel form) instead of MCP; the UI return form has no item choice, so every item of the order is returned.
set -euo pipefail
python3 - <<'PY'
import asyncio, sys
from mcp import Client, StdioServerParameters

SHOP = StdioServerParameters(command=sys.executable, args=["-m", "mock_services.cli", "mcp", "shop"])
DELIVERED, KETTLE, OFFICE = "ORD-100001", "ORD-100003", "ORD-100002"

async def main():
    async with Client(SHOP) as shop:
        async def call(tool, **args):
            r = await shop.call_tool(tool, args)
            if r.is_error:
                print(f"{tool}: {r.content[0].text}")
                return None
            return r.structured_content
        await call("login", username="alice", password="alice-pass")
        items = {i["sku"]: i for i in (await call("get_order", code=DELIVERED))["items"]}
        CABLE, EARBUDS = items["PHN-3002"]["id"], items["AUD-1002"]["id"]
        async def ret(item=None, qty=1, method="store_credit"):
            args = dict(code=DELIVERED, reason="one cable pack is broken", refund_method=method)
            if item is not None:
                args["items"] = [{"item_id": item, "quantity": qty}]
            r = await call("request_return", **args)
            print("return", r and (r["status"], r["refunded"]))
        async def cancel(code=KETTLE):
            r = await call("cancel_order", code=code, reason="found it cheaper elsewhere")
            print("cancel", code, r and r["status"])

        pass
    import requests
    S = "http://127.0.0.1:1234"
    s = requests.Session()
    s.post(f"{S}/login", data={"username": "alice", "password": "alice-pass"})
    print(s.post(f"{S}/orders/{DELIVERED}/return", data={"reason": "one cable pack is broken", "refund_method": "store_credit"}).status_code)
    print(s.post(f"{S}/orders/{KETTLE}/cancel", data={"reason": "found it cheaper elsewhere"}).status_code)
    return

asyncio.run(main())
PY
