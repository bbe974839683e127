#!/bin/bash
# Correct alternative: the helpdesk's MCP tools over streamable HTTP (/mcp) only: the requester
# looked up by name, her unsolved tickets listed, the newer PDF ticket merged into the older,
# then the reply (posted as pending) before the assignee, priority and tags.
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
        people = (await call("list_requesters", q="Maria"))["items"]
        maria = next(p for p in people if p["name"] == "Maria Gonzalez")
        tickets = (await call("list_tickets", requester=maria["email"], status="unsolved"))["items"]
        pdf = sorted((t for t in tickets if "PDF" in t["subject"]), key=lambda t: t["created_at"])
        older, newer = pdf[0], pdf[-1]
        await call("merge_ticket", code=newer["code"], merged_into=older["code"])
        await call(
            "add_comment",
            code=older["code"],
            public=True,
            status="pending",
            body="Hello Maria,\n\nI merged your two tickets about the PDF export. Good news: the fix "
            "is part of release 4.2.1, which goes out on Thursday 12 March. Until then, please open "
            "each invoice and print it to PDF with your browser (Print, then Save as PDF).\n\n"
            "Let me know after Thursday whether the export works again.\n\nAlice",
        )
        kept = await call("get_ticket", code=older["code"])
        await call(
            "update_ticket",
            code=kept["code"],
            assignee="alice",
            priority="high",
            tags=[*kept["tags"], "month-end"],
        )


asyncio.run(main())
PY
