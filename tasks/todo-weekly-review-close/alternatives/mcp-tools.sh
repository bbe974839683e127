#!/bin/bash
# alternative (MCP tools): through the todolist MCP tools only (official mcp SDK over
# `mock-services mcp todolist`): list_notes to find the latest weekly review, then list_tasks by title
# and complete_task for each open task it reports done.
set -euo pipefail
python3 - <<'PY'
import asyncio
import sys

from mcp import Client, StdioServerParameters

TODO = StdioServerParameters(command=sys.executable, args=["-m", "mock_services.cli", "mcp", "todolist"])
DONE = {
    "renewed the SSL certificate for the status page": "Renew SSL certificate for status page",
    "filed the expense report for the Berlin trip": "Expense report for Berlin trip",
    "watered the plants": "Water the plants",
    "picked up the dry cleaning": "Pick up dry cleaning",
    "called mom": "Call mom",
    "cancelled the gym trial": "Cancel gym trial",
}


async def main() -> None:
    async with Client(TODO) as td:

        async def call(tool, **arguments):
            result = await td.call_tool(tool, arguments)
            if result.is_error:
                raise SystemExit(f"{tool}: {result.content[0].text}")
            return result.structured_content

        await call("login", username="alice", password="alice-pass")
        reviews = (await call("list_notes", q="weekly review", per_page=100))["items"]
        latest = max(reviews, key=lambda n: n["updated_at"])
        print(latest["title"], "|", latest["body"])
        assert latest["title"] == "Weekly review 10"
        for line, title in DONE.items():
            assert line in latest["body"], line
            items = (await call("list_tasks", q=title, status="all", per_page=100))["items"]
            (task,) = [t for t in items if t["title"] == title]
            if task["status"] == "open":
                await call("complete_task", task_id=task["id"])
                print("completed", task["id"], title)
            else:
                print("already", task["status"], title)


asyncio.run(main())
PY
