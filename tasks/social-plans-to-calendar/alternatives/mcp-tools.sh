#!/bin/bash
# alternative (MCP tools): through the social and calendar MCP tools only (official mcp SDK over
# `mock-services mcp social` and `mock-services mcp calendar`): reads the followed friends'
# conversations, creates the three events still on (retrying create_event while the calendar answers
# 503, checking first that no copy was created), then sends each friend the reply.
set -euo pipefail
python3 - <<'PY'
import asyncio
import sys

from mcp import Client, StdioServerParameters


def server(name):
    return StdioServerParameters(command=sys.executable, args=["-m", "mock_services.cli", "mcp", name])


PLANS = {
    "bob": ("Jazz night", "Blue Note", "2026-03-06T20:00:00Z", "2026-03-06T22:00:00Z"),
    "carol": ("Birthday brunch with Carol", "Café Lumière", "2026-03-08T11:30:00Z", "2026-03-08T13:30:00Z"),
    "erin": ("Book club", "Erin's place, 14 Elm Street", "2026-03-12T19:00:00Z", "2026-03-12T21:00:00Z"),
}


async def main() -> None:
    async with Client(server("social")) as soc, Client(server("calendar")) as cal:

        def caller(client):
            async def call(tool, _retry=False, **arguments):
                result = await client.call_tool(tool, arguments)
                if result.is_error:
                    if _retry:
                        return None
                    raise SystemExit(f"{tool}: {result.content[0].text}")
                return result.structured_content
            return call

        s, c = caller(soc), caller(cal)
        await s("login", username="alice", password="alice-pass")
        await c("login", username="alice", password="alice-pass")
        friends = {u["username"] for u in (await s("following", username="alice", per_page=100))["items"]}
        for conv in (await s("conversations"))["items"]:
            other = conv["with_user"]["username"]
            if other not in friends:
                continue
            for m in reversed((await s("conversation", username=other, per_page=100))["items"]):
                print(f"{m['sent_at']} {m['sender']}: {m['text']}")
        # read above: erin moved the book club to the 12th, dave called the ride off
        for friend, (title, place, start, end) in PLANS.items():
            for attempt in range(8):
                listed = await c("list_events", start="2026-03-01T00:00:00Z", end="2026-04-01T00:00:00Z",
                                 per_page=100)
                if any(e["title"] == title and e["start"] == start for e in listed["items"]):
                    break
                made = await c("create_event", _retry=True, title=title, location=place, start=start, end=end)
                if made is not None:
                    print("created", made["id"], title)
                    break
                print("create_event failed; retrying")
                await asyncio.sleep(1.5)
            else:
                raise SystemExit(f"could not create {title}")
        for friend, (title, *_rest) in PLANS.items():
            await s("send_message", username=friend, text=f"{title} is in my calendar!")
            print("replied to", friend)


asyncio.run(main())
PY
