#!/bin/bash
# Alternative (MCP tools): the official MCP SDK over stdio (`mock-services mcp email`): lists the
# inbox (list_messages), reads each message (get_message), and trashes every extra copy with one
# trash_message call each, keeping the oldest copy; different channel and per-message calls
# instead of the reference's single bulk request.
set -euo pipefail
python3 - <<'PY'
import asyncio
import sys

from mcp import Client, StdioServerParameters

EMAIL = StdioServerParameters(command=sys.executable, args=["-m", "mock_services.cli", "mcp", "email"])


async def main() -> None:
    async with Client(EMAIL) as mail:

        async def call(tool, **arguments):
            result = await mail.call_tool(tool, arguments)
            if result.is_error:
                raise SystemExit(f"{tool}: {result.content[0].text}")
            return result.structured_content

        await call("login", username="alice", password="alice-pass")
        items = (await call("list_messages", folder="inbox", per_page=100))["items"]
        seen, extra = set(), []
        for summary in sorted(items, key=lambda m: m["id"]):
            m = await call("get_message", message_id=summary["id"])
            key = (m["from_address"], m["subject"], m["date"], m["body"])
            if key in seen:
                extra.append(m["id"])
            seen.add(key)
        for mid in extra:
            moved = await call("trash_message", message_id=mid)
            assert moved["folder"] == "trash", moved
        print("trashed", extra)


asyncio.run(main())
PY
