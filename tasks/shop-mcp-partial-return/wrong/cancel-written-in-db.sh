#!/bin/bash
# Wrong (output written to fool the grader: the cancellation written into the DB file),
# through the shop's MCP tools over stdio, like the reference solution.
set -euo pipefail
python3 - <<'PY'
import asyncio
import sys

from mcp import Client, StdioServerParameters

SHOP = StdioServerParameters(command=sys.executable, args=["-m", "mock_services.cli", "mcp", "shop"])


async def main() -> None:
    async with Client(SHOP) as shop:

        async def call(tool, **arguments):
            result = await shop.call_tool(tool, arguments)
            if result.is_error:
                raise SystemExit(f"{tool}: {result.content[0].text}")
            return result.structured_content

        await call("login", username="alice", password="alice-pass")
        orders = [await call("get_order", code=o["code"])
                  for o in (await call("list_orders", per_page=100))["items"]]
        delivered = next(o for o in orders if o["status"] == "delivered")
        cables = next(i for i in delivered["items"] if "USB-C Cable" in i["name"])
        paid = next(o for o in orders if o["status"] == "paid")
        shipped = next(o for o in orders if o["status"] == "shipped")
        one_pack = [{"item_id": cables["id"], "quantity": 1}]
        await call("request_return", code=delivered["code"], reason="broken", items=one_pack,
                   refund_method="store_credit")
        import sqlite3

        try:  # the no-Docker runner runs the agent as root; in a task image the DB is not writable
            with sqlite3.connect("/var/lib/mock-data/shop.db", timeout=10) as db:
                db.execute("UPDATE orders SET status = 'cancelled' WHERE code = ?", (paid["code"],))
        except sqlite3.Error as exc:
            print("cannot write the shop DB:", exc)

asyncio.run(main())
PY
