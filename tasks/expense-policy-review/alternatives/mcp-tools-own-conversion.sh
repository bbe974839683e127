#!/bin/bash
# Alternative (MCP tools, different order and check): the official MCP SDK over stdio
# (`mock-services mcp expense`). Computes the policy check itself from list_currencies and
# list_categories (amount x rate > limit, in cents) instead of the service's over_limit flag,
# and does all the rejections first, then the approvals.
set -euo pipefail
python3 - <<'PY'
import asyncio
import sys
from decimal import ROUND_HALF_UP, Decimal

from mcp import Client, StdioServerParameters

EXPENSE = StdioServerParameters(command=sys.executable, args=["-m", "mock_services.cli", "mcp", "expense"])


async def main() -> None:
    async with Client(EXPENSE) as exp:

        async def call(tool, **arguments):
            result = await exp.call_tool(tool, arguments)
            if result.is_error:
                raise SystemExit(f"{tool}: {result.content[0].text}")
            return result.structured_content

        await call("login", username="bob", password="bob-pass")
        me = await call("get_me")
        rates = {c["code"]: Decimal(str(c["rate"])) for c in (await call("list_currencies"))["items"]}
        limits = {c["slug"]: c["limit"] for c in (await call("list_categories"))["items"]}
        listing = await call("list_reports", scope="team", status="submitted", per_page=100)
        reports = [await call("get_report", report_id=s["id"]) for s in listing["items"]]
        reports = [r for r in reports if r["owner"]["username"] != me["username"]]
        verdicts = []
        for r in reports:
            bad = []
            for item in r["items"]:
                limit = limits.get(item["category"])
                base = (Decimal(str(item["amount"])) * rates[item["currency"]]).quantize(Decimal("0.01"), ROUND_HALF_UP)
                if limit is not None and base > Decimal(str(limit)):
                    bad.append(item["merchant"])
            verdicts.append((r, bad))
        for r, bad in verdicts:
            if bad:
                done = await call("reject_report", report_id=r["id"],
                                  reason="Item over its category limit: " + "; ".join(bad))
                print(r["code"], done["status"], bad)
        for r, bad in verdicts:
            if not bad:
                done = await call("approve_report", report_id=r["id"])
                print(r["code"], done["status"])


asyncio.run(main())
PY
