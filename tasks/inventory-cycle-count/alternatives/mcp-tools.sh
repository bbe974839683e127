#!/bin/bash
# Correct alternative (MCP tools over streamable HTTP): reads Bob's count thread with the mail's
# MCP tools, then books it with the inventory's: the headlamps by the difference (-5, a count
# correction), the filters' transfer before the stoves' write-off (damage, counted 7).
set -euo pipefail
python3 - <<'PY'
import asyncio
from mcp import Client


async def tools(url, username="alice"):
    client = Client(url)
    await client.__aenter__()

    async def call(tool, **args):
        r = await client.call_tool(tool, args)
        if r.is_error:
            raise SystemExit(f"{tool}: {r.content[0].text}")
        return r.structured_content

    await call("login", username=username, password="alice-pass")
    return client, call


async def main():
    mail_client, mail = await tools("http://127.0.0.1:5001/mcp")
    found = (await mail("list_messages", q="cycle count"))["items"]
    for m in sorted(found, key=lambda m: m["date"]):
        print(m["date"], m["subject"])
    await mail_client.__aexit__(None, None, None)
    inv_client, inv = await tools("http://127.0.0.1:5120/mcp")
    detail = await inv("get_product", sku="HDL-200")
    print([(l["bin"], l["on_hand"], l["reserved"]) for l in detail["locations"]])
    await inv("adjust_stock", sku="HDL-200", bin="EAST-B-03", reason="count_correction", change=-5,
              note="Aisle B count: 19 after Bob's recount")
    await inv("transfer_stock", sku="WTR-FLT", from_bin="EAST-B-01", to_bin="EAST-B-02", quantity=6)
    await inv("adjust_stock", sku="STV-CMP", bin="EAST-B-02", reason="damage", counted=7,
              note="2 with cracked burner heads scrapped")
    await inv_client.__aexit__(None, None, None)


asyncio.run(main())
PY
