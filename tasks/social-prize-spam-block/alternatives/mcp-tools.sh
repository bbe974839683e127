#!/bin/bash
# alternative (MCP tools): through the social MCP tools only (official mcp SDK over
# `mock-services mcp social`): conversations + conversation to read the DMs, then block on each of the
# three prize scammers, and blocks to check the result.
set -euo pipefail
python3 - <<'PY'
import asyncio
import sys

from mcp import Client, StdioServerParameters

SOCIAL = StdioServerParameters(command=sys.executable, args=["-m", "mock_services.cli", "mcp", "social"])


async def main() -> None:
    async with Client(SOCIAL) as soc:

        async def call(tool, **arguments):
            result = await soc.call_tool(tool, arguments)
            if result.is_error:
                raise SystemExit(f"{tool}: {result.content[0].text}")
            return result.structured_content

        await call("login", username="alice", password="alice-pass")
        for conv in (await call("conversations"))["items"]:
            other = conv["with_user"]["username"]
            thread = (await call("conversation", username=other, per_page=100))["items"]
            print(other, "|", " / ".join(m["text"] for m in thread if m["sender"] == other))
        for user in ["deals.daily", "prize.center", "lucky_draw_2026"]:
            await call("block", username=user)
            print("blocked", user)
        print("blocks now:", await call("blocks"))


asyncio.run(main())
PY
