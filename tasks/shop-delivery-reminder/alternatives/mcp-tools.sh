#!/bin/bash
# alternative (MCP channel): reads the shipped desk order through the shop's MCP tools, the
# shipping mail through the email MCP tools, and creates the all-day event through the calendar
# MCP tools (official mcp SDK over `mock-services mcp <service>`, stdio bridges).
set -euo pipefail
python3 - <<'PY'
import asyncio, re, sys
from datetime import date
from contextlib import AsyncExitStack
from mcp import Client, StdioServerParameters

def server(name):
    return StdioServerParameters(command=sys.executable, args=["-m", "mock_services.cli", "mcp", name])

MONTHS = ["january", "february", "march", "april", "may", "june", "july", "august",
          "september", "october", "november", "december"]

async def main():
    async with AsyncExitStack() as stack:
        shop = await stack.enter_async_context(Client(server("shop")))
        mail = await stack.enter_async_context(Client(server("email")))
        cal = await stack.enter_async_context(Client(server("calendar")))

        async def call(c, tool, **args):
            r = await c.call_tool(tool, args)
            if r.is_error:
                raise SystemExit(f"{tool}: {r.content[0].text}")
            return r.structured_content

        for c in (shop, mail, cal):
            await call(c, "login", username="alice", password="alice-pass")
        code = None
        for o in (await call(shop, "list_orders", per_page=100))["items"]:
            full = await call(shop, "get_order", code=o["code"])
            if full["status"] == "shipped" and any("desk" in i["name"].lower() for i in full["items"]):
                code = full["code"]
        msgs = (await call(mail, "list_messages", q=code))["items"]
        notice = None
        for m in msgs:
            if "shipped" in m["subject"].lower():
                notice = await call(mail, "get_message", message_id=m["id"])
        day, month = re.search(r"Estimated delivery: \w+ (\d+) (\w+)", notice["body"]).groups()
        when = date(int(notice["date"][:4]), MONTHS.index(month.lower()) + 1, int(day)).isoformat()
        ev = await call(cal, "create_event", title=f"Work from home: standing desk delivery ({code})",
                        all_day=True, start_date=when, end_date=when)
        print("created", ev)

asyncio.run(main())
PY
