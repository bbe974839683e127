#!/bin/bash
# ALT (correct): same five tasks completed through the todo MCP tools, found by searching each title.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient
todo = ServiceClient("http://127.0.0.1:5002/api").login("alice", "alice-pass")
ALL = todo.call("GET", "/tasks?status=all&per_page=100")["items"]
page = 2
while len(ALL) % 100 == 0 and len(ALL):
    more = todo.call("GET", f"/tasks?status=all&per_page=100&page={page}")["items"]
    if not more: break
    ALL += more; page += 1
BY = {t["title"]: t for t in ALL}
DONE = ["Renew SSL certificate for status page", "Expense report for Berlin trip", "Water the plants",
        "Pick up dry cleaning", "Call mom"]
def complete(*titles):
    for t in titles:
        if BY[t]["status"] == "open":
            todo.call("POST", f"/tasks/{BY[t]['id']}/complete")

import asyncio
from mcp import Client
async def main():
    async with Client("http://127.0.0.1:5002/mcp") as c:
        async def call(tool, **a):
            r = await c.call_tool(tool, a)
            if r.is_error: raise SystemExit(f"{tool}: {r.content[0].text}")
            return r.structured_content
        await call("login", username="alice", password="alice-pass")
        for t in DONE:
            found = [x for x in (await call("list_tasks", q=t, status="all", per_page=100))["items"] if x["title"] == t]
            (task,) = found
            if task["status"] == "open":
                await call("complete_task", task_id=task["id"])
asyncio.run(main())
PY
