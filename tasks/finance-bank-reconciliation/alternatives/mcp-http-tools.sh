#!/bin/bash
# Correct alternative: everything through the finance MCP server over streamable HTTP (/mcp):
# reconcile, then each open bill paid by its own supplier's earliest charge (the deposit as it
# is), re-filed with apply_to_merchant under the supplier's usual category, and the repeated
# charge's memo reworded ("charged twice"). Right because the channel and wording are free.
set -euo pipefail
python3 - <<'PY'
import asyncio

from mcp import Client


async def main() -> None:
    async with Client("http://127.0.0.1:5140/mcp") as fin:
        async def call(tool, **arguments):
            result = await fin.call_tool(tool, arguments)
            if result.is_error:
                raise SystemExit(f"{tool}: {result.content[0].text}")
            return result.structured_content

        await call("login", username="alice", password="alice-pass")
        recon = await call("reconcile", account_id=1)
        usual = {m["name"]: m["category"] for m in (await call("list_merchants"))["items"]}
        bills = [i for i in recon["unpaid_invoices"] if i["direction"] == "received"]
        loose = sorted(recon["unmatched_transactions"], key=lambda t: (t["date"], t["id"]))
        for bill in bills:
            mine = [t for t in loose if t["merchant"] == bill["contact"] and t["amount"] < 0]
            if not mine:
                continue
            first = mine[0]
            await call("record_payment", code=bill["code"], transaction_id=first["id"])
            await call("categorize_transaction", transaction_id=first["id"],
                       category=usual[bill["contact"]], apply_to_merchant=True)
            for t in mine[1:]:
                if t["amount"] == first["amount"]:
                    await call("update_transaction", transaction_id=t["id"],
                               memo=f"Brightline charged twice for {bill['number']}: the "
                                    f"{first['date']} charge already paid it. Dispute with bank.")


asyncio.run(main())
PY
