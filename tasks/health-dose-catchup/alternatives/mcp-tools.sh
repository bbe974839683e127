#!/bin/bash
# alternative (MCP tools, other order): through the health MCP tools only; first corrects
# yesterday's 20:00 Metformin (undo_dose, then record_dose skipped), then marks this morning's
# unmarked 08:00 doses taken.
set -euo pipefail
python3 - <<'PY'
import asyncio
import sys

from mcp import Client, StdioServerParameters

HEALTH = StdioServerParameters(command=sys.executable, args=["-m", "mock_services.cli", "mcp", "health"])


async def main() -> None:
    async with Client(HEALTH) as health:

        async def call(tool, **arguments):
            result = await health.call_tool(tool, arguments)
            if result.is_error:
                raise SystemExit(f"{tool}: {result.content[0].text}")
            return result.structured_content

        await call("login", username="bob", password="bob-pass")
        today = await call("medication_schedule")
        day = today["day"]
        y, m, dd = map(int, day.split("-"))
        import datetime as dt
        yesterday = (dt.date(y, m, dd) - dt.timedelta(days=1)).isoformat()
        for d in (await call("medication_schedule", day=yesterday))["items"]:
            if d["name"] == "Metformin" and d["time"] == "20:00" and d["status"] == "taken":
                await call("undo_dose", medication_id=d["medication_id"], dose_id=d["dose_id"])
                out = await call("record_dose", medication_id=d["medication_id"], day=yesterday,
                                 time="20:00", status="skipped")
                print("yesterday Metformin 20:00 ->", out["status"])
        for d in today["items"]:
            if d["time"] == "08:00" and d["status"] in ("due", "missed"):
                out = await call("record_dose", medication_id=d["medication_id"], time="08:00",
                                 status="taken")
                print("today", d["name"], "->", out["status"])


asyncio.run(main())
PY
