#!/bin/bash
# Correct alternative: MCP tools over streamable HTTP only: the wiki's page from the Support space's list, the queue
# by the helpdesk's "new" view, Tom's ticket re-read with get_ticket until his update is there,
# then update_ticket and add_comment, Tom's ticket first.
set -euo pipefail
python3 - <<'PY'
import asyncio

from mcp import Client


def caller(client):
    async def call(tool, **args):
        answer = await client.call_tool(tool, args)
        if answer.is_error:
            raise SystemExit(f"{tool}: {answer.content[0].text}")
        return answer.structured_content

    return call


async def main():
    async with Client("http://127.0.0.1:5130/mcp") as wiki, Client("http://127.0.0.1:5100/mcp") as helpdesk:
        kb, desk = caller(wiki), caller(helpdesk)
        await kb("login", username="alice", password="alice-pass")
        await desk("login", username="alice", password="alice-pass")
        pages = (await kb("list_pages", space="SUP"))["items"]
        rules = next(p for p in pages if "triage" in p["title"].lower())
        body = (await kb("get_page", page_id=rules["id"]))["body"]
        assert "Technical Escalations" in body, body
        queue = (await desk("view_tickets", name="new"))["items"]
        codes = {t["subject"]: t["code"] for t in queue}
        tom = codes["Cannot log in to the CRM"]
        for _ in range(30):
            ticket = await desk("get_ticket", code=tom)
            if any(c["author"] is None for c in ticket["comments"]):
                break
            await asyncio.sleep(1)
        assert "nobody in our sales team" in ticket["comments"][-1]["body"], ticket["comments"]
        await desk("update_ticket", code=tom, priority="urgent", group="Technical Escalations", assignee=None)
        await desk(
            "add_comment",
            code=tom,
            public=True,
            body="Hello Tom,\n\nsince your whole sales team is now locked out of the CRM, your ticket "
            "is escalated as urgent: our Technical Escalations team will be in touch within the "
            "hour.\n\nBest regards,\nAlice",
        )
        await desk("update_ticket", code=codes["Second monitor flickers now and then"], priority="normal", assignee="alice", status="open")
        await desk("update_ticket", code=codes["How do I add my signature to the mail app?"], priority="low", assignee="alice", status="open")


asyncio.run(main())
PY
