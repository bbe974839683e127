#!/bin/bash
# alternative (MCP tools): through the mail's and the calendar's MCP tools only: reply in Tom's
# thread asking for a time, create_event at his answer (instants in UTC), confirm with a new
# send_message, then on his change of plan cancel that event (delete_event) and create the call
# again at the new time, and confirm once more.
set -euo pipefail
python3 - <<'PY'
import asyncio
import json
import re
import sys
from datetime import datetime, timedelta, timezone
from zoneinfo import ZoneInfo

from mcp import Client, StdioServerParameters

NY = ZoneInfo("America/New_York")


def server(name):
    return StdioServerParameters(command=sys.executable, args=["-m", "mock_services.cli", "mcp", name])


async def call(client, tool, **arguments):
    result = await client.call_tool(tool, arguments)
    text = result.content[0].text if result.content else ""
    if result.is_error:
        raise SystemExit(f"{tool}: {text}")
    return result.structured_content if result.structured_content is not None else json.loads(text)


async def newest_from_tom(mail):
    found = await call(mail, "list_messages", folder="inbox", **{"from": "tom@example.test"}, sort="newest")
    return await call(mail, "get_message", message_id=found["items"][0]["id"])


def proposed(text):
    found = re.search(r"\w+day (\d{1,2}) (\w+) at (\d\d:\d\d)", text)
    if not found:
        return None
    local = datetime.strptime(f"{found[1]} {found[2]} 2026 {found[3]}", "%d %B %Y %H:%M").replace(tzinfo=NY)
    return local.astimezone(timezone.utc)


def z(moment):
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


async def main():
    async with Client(server("email")) as mail, Client(server("calendar")) as cal:
        await call(mail, "login", username="alice", password="alice-pass")
        await call(cal, "login", username="alice", password="alice-pass")
        request = await newest_from_tom(mail)
        await call(mail, "reply", message_id=request["id"], body="Hi Tom, happy to. When would suit you? Alice")
        when = proposed((await newest_from_tom(mail))["body"])
        event = None
        while when:
            if event:
                await call(cal, "delete_event", event_id=event["id"])
            event = await call(cal, "create_event", title="Q2 budget review", start=z(when),
                               end=z(when + timedelta(minutes=30)), attendees=[{"username": "tom"}])
            local = when.astimezone(NY)
            await call(mail, "send_message", to=["tom@example.test"], subject="Q2 budget review booked",
                       body=f"Hi Tom,\n\nBooked: {local:%A} {local.day} {local:%B}, {local:%H:%M} New York time.\n\nAlice")
            following = proposed((await newest_from_tom(mail))["body"])
            when = following if following and following != when else None
        print("booked", event["id"], event["start_local"])


asyncio.run(main())
PY
