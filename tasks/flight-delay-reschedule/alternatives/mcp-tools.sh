#!/bin/bash
# alternative (MCP tools): through the webmail's and the calendar's MCP tools only: list_messages /
# get_message for the newest delay notice, list_events for tomorrow, picks the meeting with guests
# that starts between the old landing and the new landing + 2 h, update_event with both a new start
# and end (length kept explicitly), then send_message to its guests.
set -euo pipefail
python3 - <<'PY'
import asyncio
import json
import re
import sys
from datetime import datetime, timedelta

from mcp import Client, StdioServerParameters


def server(name):
    return StdioServerParameters(command=sys.executable, args=["-m", "mock_services.cli", "mcp", name])


async def call(client, tool, **arguments):
    for attempt in range(12):
        result = await client.call_tool(tool, arguments)
        text = result.content[0].text if result.content else ""
        if not result.is_error:
            return result.structured_content if result.structured_content is not None else (json.loads(text) if text else None)
        if any(f'"status": {c}' in text for c in (429, 500, 502, 503, 504)):
            await asyncio.sleep(1.5); continue
        raise SystemExit(f"{tool}: {text}")
    raise SystemExit(f"{tool}: still failing")


async def main():
    async with Client(server("email")) as mail, Client(server("calendar")) as cal:
        tools = {t.name for t in (await cal.list_tools()).tools}
        await call(mail, "login", username="alice", password="alice-pass")
        await call(cal, "login", username="alice", password="alice-pass")
        found = (await call(mail, "list_messages", folder="inbox", q="delayed", sort="newest"))["items"]
        body = (await call(mail, "get_message", message_id=found[0]["id"]))["body"]
        old_landing = re.search(r"Scheduled arrival: (\d\d:\d\d)", body)[1]
        new_landing = re.search(r"New estimated arrival: (\d\d:\d\d)", body)[1]
        events = (await call(cal, "list_events", per_page=100))["items"]
        day = min(e["start_local"][:10] for e in events if e["title"].startswith("Flight"))
        lo = datetime.fromisoformat(f"{day}T{old_landing}")
        new_start = datetime.fromisoformat(f"{day}T{new_landing}") + timedelta(hours=2)
        meeting = next(e for e in events if e["attendees"] and e["start_local"][:10] == day
                       and lo <= datetime.fromisoformat(e["start_local"][:19]) < new_start)
        length = datetime.fromisoformat(meeting["end_local"][:19]) - datetime.fromisoformat(meeting["start_local"][:19])
        new_end = new_start + length
        update = "update_event" if "update_event" in tools else next(t for t in tools if t.startswith("update") and "event" in t)
        await call(cal, update, event_id=meeting["id"], start=new_start.strftime("%Y-%m-%dT%H:%M:%S"),
                   end=new_end.strftime("%Y-%m-%dT%H:%M:%S"))
        guests = [a["email"] for a in meeting["attendees"]]
        await call(mail, "send_message", to=guests,
                   subject=f"{meeting['title']} moved to {new_start:%H:%M} tomorrow",
                   body=(f"Hello,\n\nMy flight is delayed, so {meeting['title']} has moved: it now starts "
                         f"at {new_start:%H:%M} (London time) on {new_start:%A %d %B}, until {new_end:%H:%M}, "
                         f"still in {meeting['location']}.\n\nSorry for the change,\nAlice"))
        print("moved", meeting["title"], "to", new_start, "mailed", guests)


asyncio.run(main())
PY
