#!/bin/bash
# alternative (MCP tools, different method): through the calendar's and health's MCP tools only;
# asks the calendar's `suggest` tool for the first 45-minute free slot from Thursday within the
# dentist's hours (07:30-17:30, 30-minute steps), then `reschedule_appointment` to it.
set -euo pipefail
python3 - <<'PY'
import asyncio
import sys
from datetime import datetime

from mcp import Client, StdioServerParameters


def server(name):
    return StdioServerParameters(command=sys.executable, args=["-m", "mock_services.cli", "mcp", name])


async def main() -> None:
    async with Client(server("health")) as health, Client(server("calendar")) as calendar:

        async def call(client, tool, **arguments):
            result = await client.call_tool(tool, arguments)
            if result.is_error:
                raise SystemExit(f"{tool}: {result.content[0].text}")
            return result.structured_content

        await call(health, "login", username="alice", password="alice-pass")
        await call(calendar, "login", username="alice", password="alice-pass")
        appts = (await call(health, "list_appointments", upcoming=True, status="scheduled"))["items"]
        dentist = next(a for a in appts if a["provider"]["specialty"] == "Dentistry")
        start = datetime.fromisoformat(dentist["start_local"])
        end = datetime.fromisoformat(dentist["end"].replace("Z", "+00:00"))
        minutes = int((end - start).total_seconds() // 60)
        thursday = start.date().isoformat()
        prov = dentist["provider"]
        print("dentist", dentist["code"], dentist["start_local"], minutes, "min", prov["opens"], prov["closes"])
        found = await call(calendar, "suggest", users=["alice"], start=f"{thursday}T00:00",
                           end=f"{thursday[:8]}{int(thursday[8:]) + 2:02d}T00:00",
                           timezone="Europe/Paris", duration_minutes=minutes,
                           working_hours_start=prov["opens"], working_hours_end=prov["closes"],
                           step_minutes=30, max_results=5)
        print(found)
        slots = found.get("slots") or found.get("items") or found.get("result")
        first = slots[0]
        slot_start = first["start"] if isinstance(first, dict) else first
        moved = await call(health, "reschedule_appointment", code=dentist["code"], start=slot_start)
        print("moved", moved["code"], moved["start_local"], moved["end"])


asyncio.run(main())
PY
