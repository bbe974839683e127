#!/bin/bash
# Alternative (MCP tools, different order): the official MCP SDK over stdio for both services
# (`mock-services mcp email` and `mock-services mcp expense`). Reads the Adlon mails and their
# PDF attachments (list_messages, get_message, get_attachment), picks Alice's own March invoice,
# then in the expense app FIRST attaches the invoice to the hand-entered hotel item (add_receipt),
# THEN corrects that item (update_item: total, currency, invoice date, lodging) and submits.
set -euo pipefail
python3 - <<'PY'
import asyncio
import base64
import re
import sys
from datetime import datetime

from mcp import Client, StdioServerParameters


def server(name):
    return StdioServerParameters(command=sys.executable, args=["-m", "mock_services.cli", "mcp", name])


def pdf_text(raw: bytes) -> str:
    shown = re.findall(rb"\(((?:[^()\\]|\\.)*)\) Tj", raw)
    return "\n".join(re.sub(rb"\\(.)", rb"\1", t).decode("latin-1") for t in shown)


async def main() -> None:
    async with Client(server("email")) as mail, Client(server("expense")) as exp:

        def caller(client):
            async def call(tool, **arguments):
                result = await client.call_tool(tool, arguments)
                if result.is_error:
                    raise SystemExit(f"{tool}: {result.content[0].text}")
                return result.structured_content
            return call

        m, e = caller(mail), caller(exp)
        await m("login", username="alice", password="alice-pass")
        await e("login", username="alice", password="alice-pass")

        found = []
        for s in (await m("list_messages", q="Adlon", per_page=100))["items"]:
            msg = await m("get_message", message_id=s["id"])
            for meta in msg["attachments"]:
                att = await m("get_attachment", message_id=msg["id"], attachment_id=meta["id"])
                text = pdf_text(base64.b64decode(att["content_base64"]))
                if "TOTAL" in text:
                    found.append((att, text))
        mine = []
        for att, text in found:
            guest = re.search(r"Guest: (.*)", text).group(1)
            when = datetime.strptime(re.search(r"Invoice date: (.*)", text).group(1).strip(), "%d %B %Y")
            if "Alice Martin" in guest and (when.year, when.month) == (2026, 3):
                mine.append((att, text, when))
        (att, text, when), = mine
        currency, total = re.search(r"TOTAL\s+([A-Z]{3})\s+([\d.,]+)", text).groups()
        number = re.search(r"INVOICE No\. (\S+)", text).group(1)

        drafts = (await e("list_reports", status="draft", per_page=100))["items"]
        (trip,) = [r for r in drafts if "ITB" in r["title"]]
        report = await e("get_report", report_id=trip["id"])
        (hotel,) = [i for i in report["items"] if "Adlon" in i["merchant"]]

        await e("add_receipt", report_id=report["id"], item_id=hotel["id"], filename=att["filename"],
                content_type=att["content_type"], content_base64=att["content_base64"])
        await e("update_item", report_id=report["id"], item_id=hotel["id"], amount=float(total.replace(",", "")),
                currency=currency, spent_on=when.date().isoformat(), category="lodging",
                description=f"Room 412, 2-5 March (invoice {number})")
        done = await e("submit_report", report_id=report["id"])
        print(done["code"], done["status"], total, currency, when.date())


asyncio.run(main())
PY
