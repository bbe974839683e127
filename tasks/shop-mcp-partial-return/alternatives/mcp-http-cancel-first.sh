#!/bin/bash
# alternative (MCP over streamable HTTP, reversed order): through http://127.0.0.1:1234/mcp,
# first cancels yesterday's kettle order (the only paid one), then returns one of the two braided
# USB-C cable packs of the delivered order for store credit.
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
        paid = (await call("list_orders", status="paid"))["items"]
        kettle = None
        for o in paid:
            full = await call("get_order", code=o["code"])
            if any("kettle" in i["name"].lower() for i in full["items"]):
                kettle = full
        await call("cancel_order", code=kettle["code"], reason="found it cheaper elsewhere")
        print("cancelled", kettle["code"])
        for o in (await call("list_orders", status="delivered"))["items"]:
            full = await call("get_order", code=o["code"])
            cable = next((i for i in full["items"] if "Braided USB-C Cable" in i["name"]), None)
            if cable and cable["quantity"] == 2:
                r = await call("request_return", code=full["code"], reason="one cable pack is broken",
                               items=[{"item_id": cable["id"], "quantity": 1}],
                               refund_method="store_credit")
                print("returned 1 of", cable["sku"], "from", full["code"], r["status"], r["refunded"])

asyncio.run(main())
PY
