#!/bin/bash
# alternative (MCP tools): through the calendar's MCP tools only (official mcp SDK over
# `mock-services mcp calendar`): list_events over the coming weeks, group identical events by
# (title, start, end) and delete_event every copy but the first.
set -euo pipefail
python3 - <<'PY'
import asyncio
import sys
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from mcp import Client, StdioServerParameters

CAL = StdioServerParameters(command=sys.executable, args=["-m", "mock_services.cli", "mcp", "calendar"])


async def main() -> None:
    async with Client(CAL) as cal:

        async def call(tool, **arguments):
            result = await cal.call_tool(tool, arguments)
            if result.is_error:
                raise SystemExit(f"{tool}: {result.content[0].text}")
            return result.structured_content

        await call("login", username="alice", password="alice-pass")
        zone = ZoneInfo((await call("get_profile"))["timezone"])
        rs = (await call("list_events"))["range_start"].replace("Z", "+00:00")
        today = datetime.fromisoformat(rs).astimezone(zone).date()
        listing = await call("list_events", start=f"{today - timedelta(days=7)}T00:00:00",
                             end=f"{today + timedelta(days=60)}T00:00:00", per_page=100)
        seen = {}
        for e in sorted(listing["items"], key=lambda e: e["id"]):
            if e.get("occurrence_index"):
                continue
            key = (e["title"], e["start"], e["end"])
            if key in seen and seen[key] != e["id"]:
                await call("delete_event", event_id=e["id"])
                print("cancelled", e["id"], key)
            seen.setdefault(key, e["id"])


asyncio.run(main())
PY
