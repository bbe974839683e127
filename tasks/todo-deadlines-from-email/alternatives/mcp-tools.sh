#!/bin/bash
# alternative (MCP tools): through the email and todolist MCP tools only (official mcp SDK over
# `mock-services mcp email` / `mock-services mcp todolist`): list_messages + get_message for Klaus's
# latest mail, then create_task for the DPA in Work (Berlin zone) and update_task on the existing deck
# task (Wednesday 4 March 17:00 Europe/Berlin).
set -euo pipefail
python3 - <<'PY'
import asyncio
import sys

from mcp import Client, StdioServerParameters


def server(name):
    return StdioServerParameters(command=sys.executable, args=["-m", "mock_services.cli", "mcp", name])


async def main() -> None:
    async with Client(server("email")) as em, Client(server("todolist")) as td:

        def caller(client):
            async def call(tool, **arguments):
                result = await client.call_tool(tool, arguments)
                if result.is_error:
                    raise SystemExit(f"{tool}: {result.content[0].text}")
                return result.structured_content
            return call

        m, t = caller(em), caller(td)
        await m("login", username="alice", password="alice-pass")
        await t("login", username="alice", password="alice-pass")
        found = (await m("list_messages", folder="inbox", q="klaus.richter", per_page=100))["items"]
        latest = max(found, key=lambda x: x["date"])
        body = (await m("get_message", message_id=latest["id"]))["body"]
        print(body)
        assert "Wednesday 4 March, 17:00" in body and "Friday 6 March" in body
        lists = (await t("list_lists"))
        lists = lists.get("items", lists.get("result"))
        work = next(x for x in lists if x["name"] == "Work")
        made = await t("create_task", title="Send signed data processing agreement to Klaus", list_id=work["id"],
                       due_date="2026-03-06", timezone="Europe/Berlin", tags=["partner"])
        print("created", made["id"])
        tasks = (await t("list_tasks", q="partner deck", per_page=100))["items"]
        (deck,) = [x for x in tasks if x["title"] == "Send partner deck to Klaus"]
        await t("update_task", task_id=deck["id"], due_date="2026-03-04", due_time="17:00", timezone="Europe/Berlin")
        print("deck updated", deck["id"])


asyncio.run(main())
PY
