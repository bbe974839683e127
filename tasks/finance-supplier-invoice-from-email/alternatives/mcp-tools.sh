#!/bin/bash
# Correct alternative: both apps through their MCP servers over streamable HTTP (/mcp): the
# invoice found with list_messages and read with get_attachment, the bill created as a draft with
# one line for the total and approved with finalize_invoice, the transfer dated explicitly, the
# payment with its amount given, and a reply worded differently ("settled", "registered").
set -euo pipefail
python3 - <<'PY'
import asyncio
import base64
import re

from mcp import Client


def tool_caller(client):
    async def call(tool, **arguments):
        result = await client.call_tool(tool, arguments)
        if result.is_error:
            raise SystemExit(f"{tool}: {result.content[0].text}")
        return result.structured_content
    return call


async def main() -> None:
    async with Client("http://127.0.0.1:5001/mcp") as m, Client("http://127.0.0.1:5140/mcp") as f:
        mail, fin = tool_caller(m), tool_caller(f)
        await mail("login", username="alice", password="alice-pass")
        await fin("login", username="alice", password="alice-pass")
        found = (await mail("list_messages", q="invoice", has_attachment=True, sort="newest"))["items"]
        newest = await mail("get_message", message_id=found[0]["id"])
        (meta,) = newest["attachments"]
        att = await mail("get_attachment", message_id=newest["id"], attachment_id=meta["id"])
        text = base64.b64decode(att["content_base64"]).decode()
        number = re.search(r"INVOICE (\S+)", text).group(1)
        total = float(re.search(r"TOTAL DUE\s+USD ([\d,.]+)", text).group(1).replace(",", ""))
        bill = await fin("create_invoice", direction="received", contact="Northside Print Co.",
                         number=number, issued_on="2026-03-17", due_on="2026-04-07",
                         lines=[{"description": "Spring catalogue incl. rush proofing",
                                 "unit_price": total}])
        await fin("finalize_invoice", code=bill["code"])
        tx = await fin("add_transaction", account_id=1, date="2026-03-20", amount=-total,
                       merchant="Northside Print Co.", memo=f"Wire {number}")
        await fin("record_payment", code=bill["code"], transaction_id=tx["id"], amount=total)
        await mail("reply", message_id=newest["id"],
                   body=f"Hi,\n\n{number} is registered in our accounts and settled: we wired "
                        f"${total:,.2f} on 2026-03-20.\n\nThanks,\nAlice Martin")


asyncio.run(main())
PY
