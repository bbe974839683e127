#!/bin/bash
# alternative (MCP tools): through the mail's and the calendar's MCP tools only: find Maria's
# request, list past vendor reviews (two rooms), ask her with send_message, read her answer in
# the thread (room and time), then create_event with her invited by username and the instants
# in UTC.
set -euo pipefail
python3 - <<'PY'
import asyncio
import json
import re
import sys

from mcp import Client, StdioServerParameters


def server(name):
    return StdioServerParameters(command=sys.executable, args=["-m", "mock_services.cli", "mcp", name])


async def call(client, tool, **arguments):
    result = await client.call_tool(tool, arguments)
    text = result.content[0].text if result.content else ""
    if result.is_error:
        raise SystemExit(f"{tool}: {text}")
    return result.structured_content if result.structured_content is not None else json.loads(text)


async def main():
    async with Client(server("email")) as mail, Client(server("calendar")) as cal:
        await call(mail, "login", username="alice", password="alice-pass")
        await call(cal, "login", username="alice", password="alice-pass")
        found = await call(mail, "list_messages", folder="inbox", q="vendor review")
        request = next(m for m in found["items"] if m["from_address"] == "maria@example.test")
        body = (await call(mail, "get_message", message_id=request["id"]))["body"]
        start, end = re.search(r"(\d\d:\d\d) to (\d\d:\d\d)", body).groups()
        past = await call(cal, "list_events", q="vendor review", start="2026-01-01T00:00:00", end="2026-03-09T00:00:00")
        rooms = {e["location"] for e in past["items"]}
        assert len(rooms) == 2, rooms
        await call(mail, "send_message", to=["maria@example.test"], subject="Which room for Thursday?",
                   body="Hi Maria,\n\nQuick check before I book the Northwind review: by the usual room, "
                   f"do you mean {' or '.join(sorted(rooms))}?\n\nAlice")
        thread = await call(mail, "list_messages", folder="inbox", q="Which room for Thursday")
        answer = (await call(mail, "get_message", message_id=thread["items"][0]["id"]))["body"]
        room = next(r for r in sorted(rooms) if r.split()[0] in answer.split(".")[0])
        moved = re.search(r"(\d\d:\d\d) to (\d\d:\d\d)", answer)
        start, end = moved.groups() if moved else (start, end)
        # Thursday 12 March in New York (EDT, UTC-4), as instants
        h = lambda t: f"{int(t[:2]) + 4:02d}{t[2:]}"
        event = await call(cal, "create_event", title="Vendor review: Northwind", location=room,
                           start=f"2026-03-12T{h(start)}:00Z", end=f"2026-03-12T{h(end)}:00Z",
                           attendees=[{"username": "maria"}])
        print("booked", event["id"], event["start_local"], room)


asyncio.run(main())
PY
