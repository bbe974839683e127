#!/bin/bash
# alternative (MCP tools), notify step: calendar MCP list_invitations(rsvp=declined) for the
# declined meetings and their organizers, email MCP send_message for one short mail each.
set -euo pipefail
python3 - <<'PY'
import asyncio
import sys

from mcp import Client, StdioServerParameters


def server(name):
    return StdioServerParameters(command=sys.executable, args=["-m", "mock_services.cli", "mcp", name])


async def main() -> None:
    async with Client(server("calendar")) as cal, Client(server("email")) as mail:

        async def call(client, tool, **arguments):
            result = await client.call_tool(tool, arguments)
            if result.is_error:
                raise SystemExit(f"{tool}: {result.content[0].text}")
            return result.structured_content

        await call(cal, "login", username="alice", password="alice-pass")
        await call(mail, "login", username="alice", password="alice-pass")
        for inv in (await call(cal, "list_invitations", rsvp="declined", per_page=100))["items"]:
            ev = inv.get("event", inv)
            to = ev["organizer"]["email"]
            await call(mail, "send_message", to=[to], subject=f"Re: {ev['title']} - I can't attend",
                       body=f"Hi {ev['organizer'].get('display_name', '').split(' ')[0]},\n\n"
                            f"I have to decline \"{ev['title']}\": it overlaps with another event "
                            "in my calendar.\n\nAlice")
            print("mailed", to, ev["title"])


asyncio.run(main())
PY
