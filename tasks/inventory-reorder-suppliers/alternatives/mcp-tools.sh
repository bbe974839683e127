#!/bin/bash
# Correct alternative (MCP tools over streamable HTTP, another order): finds the low items and
# their suppliers with the inventory's MCP tools, orders and sends first (counting what is still
# on order, so the stoves need nothing), receives the 12 stoves after, and writes to Ridgeline
# with the mail's send_message tool as a new mail, not a reply.
set -euo pipefail
python3 - <<'PY'
import asyncio
from datetime import date, timedelta
from mcp import Client


async def session(url):
    client = Client(url)
    await client.__aenter__()

    async def call(tool, **args):
        r = await client.call_tool(tool, args)
        if r.is_error:
            raise SystemExit(f"{tool}: {r.content[0].text}")
        return r.structured_content

    await call("login", username="alice", password="alice-pass")
    return client, call


async def main():
    inv_client, inv = await session("http://127.0.0.1:5120/mcp")
    suppliers = {s["name"]: s for s in (await inv("list_suppliers"))["items"]}
    today = date(2026, 3, 10)  # the delivery note's date, in Alice's time zone
    for p in (await inv("list_low_stock"))["items"]:
        need = p["reorder_point"] + p["reorder_quantity"] - p["available"] - p["on_order"]
        if need <= 0:
            continue
        due = today + timedelta(days=suppliers[p["supplier"]]["lead_time_days"])
        po = await inv("create_purchase_order", supplier=p["supplier"], warehouse="EAST",
                       expected_date=due.isoformat(), lines=[{"sku": p["sku"], "quantity": need}])
        await inv("send_purchase_order", code=po["code"])
        print("sent", po["code"], p["sku"], need)
    await inv("receive_purchase_order", code="PO-1004",
              lines=[{"sku": "STV-CMP", "quantity": 12, "bin": "EAST-RCV"}])
    await inv_client.__aexit__(None, None, None)
    mail_client, mail = await session("http://127.0.0.1:5001/mcp")
    await mail("send_message", to=["sales@ridgeline-cook.example"],
               subject="PO-1004: part delivery received, rest outstanding",
               body="Hello Tom,\n\nWe booked in the 12 Compact Camp Stoves (STV-CMP) that arrived this "
                    "morning on PO-1004. That leaves 8 stoves and all 10 Camp Kettles (KTL-1L) open. "
                    "What delivery date can you give us for them?\n\nThanks,\nAlice")
    await mail_client.__aexit__(None, None, None)


asyncio.run(main())
PY
