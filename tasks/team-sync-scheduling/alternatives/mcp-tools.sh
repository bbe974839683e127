#!/bin/bash
# alternative (MCP tools): through the calendar's MCP tools only: get_profile for Alice's zone,
# the raw free/busy of the three users (not the suggestion tool), the earliest common 45-minute
# slot in 09:00-17:00 Paris computed here, then create_event with the instants in UTC ("Z") and
# the guests by email; 503 answers are retried after a pause.
set -euo pipefail
python3 - <<'PY'
import asyncio
import json
import sys
from datetime import datetime, timedelta, timezone
from zoneinfo import ZoneInfo

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
            print(f"{tool}: retrying", file=sys.stderr)
            await asyncio.sleep(1.5); continue
        raise SystemExit(f"{tool}: {text}")
    raise SystemExit(f"{tool}: still failing")


async def main():
    async with Client(server("calendar")) as cal:
        tools = {t.name for t in (await cal.list_tools()).tools}
        await call(cal, "login", username="alice", password="alice-pass")
        zone = ZoneInfo((await call(cal, "get_profile"))["timezone"])
        me = await call(cal, "me")
        now_local = datetime.now(timezone.utc)
        listing = await call(cal, "list_events", per_page=1)
        today = datetime.fromisoformat(listing["range_start"].replace("Z", "+00:00")).astimezone(zone).date()
        day = today + timedelta(days=1)
        fb_tool = "freebusy" if "freebusy" in tools else next(t for t in tools if "busy" in t and "suggest" not in t)
        fb = await call(cal, fb_tool, users=["alice", "bob", "carol"], start=f"{day}T00:00:00",
                        end=f"{day + timedelta(days=1)}T00:00:00", timezone=zone.key)
        busy = [(datetime.fromisoformat(b["start"].replace("Z", "+00:00")), datetime.fromisoformat(b["end"].replace("Z", "+00:00")))
                for u in fb["users"] for b in u["busy"]]
        start = datetime.fromisoformat(f"{day}T09:00").replace(tzinfo=zone)
        close = datetime.fromisoformat(f"{day}T17:00").replace(tzinfo=zone)
        length = timedelta(minutes=45)
        while start + length <= close:
            clash = [e for b, e in busy if b < start + length and e > start]
            if not clash:
                break
            start = max(clash).astimezone(zone)
        else:
            raise SystemExit("no common slot")
        users = {u["username"]: u["email"] for u in fb["users"]}
        utc = lambda d: d.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
        event = await call(cal, "create_event", title="Team sync", start=utc(start), end=utc(start + length),
                           timezone=zone.key, attendees=[{"email": users["bob"]}, {"email": users["carol"]}])
        print("created", event["id"], event["start_local"], event["end_local"], [a["email"] for a in event["attendees"]])


asyncio.run(main())
PY
