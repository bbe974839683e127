#!/bin/bash
# PARTIAL: cancels the kettle order but skips the return.
set -euo pipefail
python3 - <<'PY'
import asyncio, sys
from mcp import Client, StdioServerParameters
SHOP = StdioServerParameters(command=sys.executable, args=["-m", "mock_services.cli", "mcp", "shop"])
async def main():
    async with Client(SHOP) as shop:
        async def call(tool, **a):
            r = await shop.call_tool(tool, a)
            if r.is_error: raise SystemExit(f"{tool}: {r.content[0].text}")
            return r.structured_content
        await call("login", username="alice", password="alice-pass")
        orders = {o["code"]: await call("get_order", code=o["code"]) for o in (await call("list_orders", per_page=100))["items"]}
        d = orders["ORD-100001"]
        cable = next(i for i in d["items"] if "USB-C" in i["name"])
        buds = next(i for i in d["items"] if "Earbuds" in i["name"])

        await call("cancel_order", code="ORD-100003", reason="found it cheaper elsewhere")
asyncio.run(main())
PY
