#!/bin/bash
# Correct alternative: MCP tools over streamable HTTP only: the calendar's free-slot suggestion
# in each of Tom's windows, create_event, then the helpdesk's add_comment as on-hold.
set -euo pipefail
python3 - <<'PY'
import asyncio

from mcp import Client


def caller(client):
    async def call(tool, **args):
        answer = await client.call_tool(tool, args)
        if answer.is_error:
            raise SystemExit(f"{tool}: {answer.content[0].text}")
        return answer.structured_content

    return call


async def main():
    async with Client("http://127.0.0.1:5006/mcp") as cal, Client("http://127.0.0.1:5100/mcp") as desk:
        cal_call, desk_call = caller(cal), caller(desk)
        await cal_call("login", username="alice", password="alice-pass")
        await desk_call("login", username="alice", password="alice-pass")
        ticket = (await desk_call("list_tickets", q="Harbour", status="unsolved"))["items"][0]
        slot = None
        for start, end in (("2026-03-12T10:00:00", "2026-03-12T12:00:00"), ("2026-03-13T15:00:00", "2026-03-13T17:00:00")):
            found = await cal_call(
                "suggest", users=["alice"], duration_minutes=30, start=start, end=end,
                timezone="America/New_York", step_minutes=30, max_results=1,
            )
            if found["slots"]:
                slot = found["slots"][0]
                break
        await cal_call(
            "create_event",
            title="Call: Tom Becker, Harbour room screen sharing",
            start=slot["start"],
            end=slot["end"],
            timezone="America/New_York",
            attendees=[{"email": ticket["requester"]}],
        )
        await desk_call(
            "add_comment",
            code=ticket["code"],
            public=True,
            status="on-hold",
            body="Hi Tom,\n\nour call is set for Thursday 12 March, 11:30 to 12:00 (New York). "
            "I've sent you an invitation.\n\nAlice",
        )


asyncio.run(main())
PY
