#!/bin/bash
# Correct alternative (MCP tools over streamable HTTP at /mcp, another order, other wording):
# voids the stale draft first, creates the invoice as open in one call, then marks the deal won,
# and answers Ingrid with the mail app's reply tool in her thread, quoting her mail.
set -euo pipefail
python3 - <<'PY'
import asyncio

from mcp import Client


def caller(client):
    async def call(tool, **arguments):
        result = await client.call_tool(tool, arguments)
        if result.is_error:
            raise SystemExit(f"{tool}: {result.content[0].text}")
        return result.structured_content
    return call


async def main() -> None:
    async with Client("http://127.0.0.1:5140/mcp") as b, Client("http://127.0.0.1:5110/mcp") as c, \
            Client("http://127.0.0.1:5001/mcp") as m:
        books, crm, mail = caller(b), caller(c), caller(m)
        for call in (books, crm, mail):
            await call("login", username="alice", password="alice-pass")

        found = (await mail("list_messages", q="partners signed off", folder="inbox"))["items"]
        (go_ahead,) = found
        drafts = (await books("list_invoices", contact="Lindqvist Architects", status="draft"))["items"]
        for draft in drafts:
            await books("void_invoice", code=draft["code"])
        invoice = await books("create_invoice", direction="issued", contact="Lindqvist Architects",
                              issued_on="2026-03-16", due_on="2026-04-30", currency="USD",
                              status="open", memo="Payment terms: 45 days.",
                              lines=[{"description": "Website redesign incl. stock image licence",
                                      "quantity": 1, "unit_price": 21750}])
        deals = (await crm("list_deals", q="website redesign", open=True))["items"]
        (deal,) = [d for d in deals if d["contact_id"] == 2]
        await crm("update_deal", deal_id=deal["id"], stage="closed_won", amount=21750)
        await mail("reply", message_id=go_ahead["id"], quote=True,
                   body=f"Hi Ingrid,\n\nWonderful news, thank you! The invoice went to your "
                        f"accounts payable just now: number {invoice['code']}, USD 21,750, "
                        f"payable by 30/04/2026.\n\nAlice")
        print("issued", invoice["code"])


asyncio.run(main())
PY
