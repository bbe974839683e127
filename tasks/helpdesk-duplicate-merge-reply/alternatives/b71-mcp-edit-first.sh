#!/bin/bash
# alternative (free text: public reply via MCP tools, after the edits): date as "this Thursday, the 12th of March", release "4.2.1", workaround told step by step, nothing internal
set -euo pipefail
python3 - <<'PY'
import asyncio

from mcp import Client


async def main():
    async with Client("http://127.0.0.1:5100/mcp") as desk:
        async def call(tool, **args):
            answer = await desk.call_tool(tool, args)
            if answer.is_error:
                raise SystemExit(f"{tool}: {answer.content[0].text}")
            return answer.structured_content

        await call("login", username="alice", password="alice-pass")
        maria = next(p for p in (await call("list_requesters", q="Gonzalez"))["items"]
                     if p["name"] == "Maria Gonzalez")
        tickets = (await call("list_tickets", requester=maria["email"], status="unsolved"))["items"]
        pdf = sorted((t for t in tickets if "pdf" in t["subject"].lower()),
                     key=lambda t: t["created_at"])
        older, newer = pdf[0], pdf[-1]
        kept = await call("get_ticket", code=older["code"])
        await call("update_ticket", code=kept["code"], assignee="alice", priority="high",
                   tags=sorted({*kept["tags"], "month-end"}))
        await call("merge_ticket", code=newer["code"], merged_into=older["code"])
        await call("add_comment", code=older["code"], public=True, status="pending", body=(
            "Hello Maria,\n\nI'm taking over your PDF export problem from Grace this week, and I "
            "have folded your second message into this ticket.\n\nThe fix is scheduled for this "
            "Thursday, the 12th of March, in release 4.2.1. Until it arrives: open the invoice, "
            "choose Print, and select 'Save as PDF' in the print dialog of your browser; the "
            "PDF you get is the same invoice, ready to send.\n\nI know you have around forty "
            "invoices to get out before month end, so please tell me if that route gives you "
            "any trouble. After Thursday, let me know whether the export button works again.\n\n"
            "Best wishes,\nAlice"))


asyncio.run(main())
PY
