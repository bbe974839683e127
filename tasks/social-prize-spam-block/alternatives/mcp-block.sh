#!/bin/bash
# ALT (correct): reads each conversation and blocks the three prize scammers with the MCP block tool.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient
api = ServiceClient("http://127.0.0.1:5008/api").login("alice", "alice-pass")
def block(*names):
    for n in names: api.call("POST", "/blocks", {"username": n})
SCAMS = ["prize.center", "deals.daily", "lucky_draw_2026"]

import asyncio
from mcp import Client
async def main():
    async with Client("http://127.0.0.1:5008/mcp") as c:
        async def call(tool, **a):
            r = await c.call_tool(tool, a)
            if r.is_error: raise SystemExit(f"{tool}: {r.content[0].text}")
            return r.structured_content
        await call("login", username="alice", password="alice-pass")
        for conv in (await call("conversations"))["items"]:
            await call("conversation", username=conv["with_user"]["username"])
        for n in reversed(SCAMS):
            await call("block", username=n)
asyncio.run(main())
PY
