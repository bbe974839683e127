#!/bin/bash
# alternative (MCP tools): through the airline's MCP tools only: get_booking, update_passenger for
# both passports, get_seat_map(free_only) of the outbound flight to find the free seat beside
# Alice's in her row, select_seat for Leo, then check_in with the outbound leg and both ids.
set -euo pipefail
python3 - <<'PY'
import asyncio
import json
import sys

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
    async with Client(server("airline")) as air:
        await call(air, "login", username="alice", password="alice-pass")
        booking = await call(air, "get_booking", reference="PX4M2Q")
        people = {p["first_name"]: p for p in booking["passengers"]}
        await call(air, "update_passenger", reference="PX4M2Q", passenger_id=people["Alice"]["id"], passport_number="19FR44821")
        await call(air, "update_passenger", reference="PX4M2Q", passenger_id=people["Leo"]["id"], passport_number="21FR90317")
        ticket = next(t for t in people["Alice"]["tickets"] if t["leg"] == "outbound")
        seat_map = await call(air, "get_seat_map", flight_id=ticket["flight_id"], cabin=booking["cabin"], free_only=True)
        free = {s["number"] for s in seat_map["seats"]}
        row, letter = ticket["seat"][:-1], ticket["seat"][-1]
        neighbours = {"A": "B", "B": "AC", "C": "B", "D": "E", "E": "DF", "F": "E"}[letter]
        beside = next(f"{row}{n}" for n in neighbours if f"{row}{n}" in free)
        await call(air, "select_seat", reference="PX4M2Q", passenger_id=people["Leo"]["id"], seat=beside, leg="outbound")
        passes = await call(air, "check_in", reference="PX4M2Q", leg="outbound",
                            passenger_ids=[people["Alice"]["id"], people["Leo"]["id"]])
        print("Leo in", beside, passes)


asyncio.run(main())
PY
