#!/bin/bash
# alternative (MCP tools), respond step: through the calendar's MCP tools only; lists pending
# invitations (list_invitations rsvp=needs_action) and Alice's events (list_events), treats as busy
# her own or accepted events that are opaque and not cancelled, and answers with the rsvp tool,
# declines first, then accepts.
set -euo pipefail
python3 - <<'PY'
import asyncio
import sys

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
        pending = (await call("list_invitations", rsvp="needs_action", per_page=100))["items"]
        events = (await call("list_events", start="2026-02-23T00:00", end="2026-04-30T00:00",
                             timezone="Europe/Berlin", per_page=100))["items"]
        busy = [e for e in events
                if (e["organizer"]["username"] == "alice" or e.get("my_rsvp") == "accepted")
                and e["transparency"] != "transparent" and e["status"] != "cancelled"]
        plan = []
        for inv in pending:
            ev = inv.get("event", inv)
            clash = [b["title"] for b in busy if b["id"] != ev["id"]
                     and b["start"] < ev["end"] and ev["start"] < b["end"]]
            plan.append((ev, "declined" if clash else "accepted", clash))
        for ev, answer, clash in sorted(plan, key=lambda p: p[1] != "declined"):
            out = await call("rsvp", event_id=ev["id"], response=answer)
            print(ev["title"], "->", out["my_rsvp"], clash)


asyncio.run(main())
PY
