#!/bin/bash
# alternative (MCP tools, the other read): everything through the airline's and the webmail's
# MCP tools (official mcp SDK over `mock-services mcp <service>`): list bookings, find the
# cancelled leg, list the route's flights that day (list_flights, not the search), and list them
# again before acting; keep the earliest operating one with a free economy seat (its delay
# counted), change_booking onto it, read the booking back for when it lands, send_message to Dana.
set -euo pipefail
python3 - <<'PY'
import asyncio
import json
import sys

from mcp import Client, StdioServerParameters


def server(name):
    return StdioServerParameters(command=sys.executable, args=["-m", "mock_services.cli", "mcp", name])


async def call(client, tool, **arguments):
    result = await client.call_tool(tool, arguments)
    text = result.content[0].text if result.content else ""
    if result.is_error:
        raise SystemExit(f"{tool}: {text}")
    if result.structured_content is not None:
        return result.structured_content
    return json.loads(text) if text else None


async def earliest(air, old, booking):
    flights = (await call(air, "list_flights", origin=old["origin"]["code"],
                          destination=old["destination"]["code"], date=old["date"],
                          per_page=100))["items"]
    options = []
    for f in flights:
        if f["id"] == old["id"] or f["status"] not in ("scheduled", "delayed"):
            continue
        fare = next((x for x in f["fares"] if x["cabin"] == booking["cabin"]), None)
        if fare and fare["seats_available"] >= len(booking["passengers"]):
            options.append(f)
    return min(options, key=lambda f: f["estimated_departure"] or f["scheduled_departure"])


async def main():
    async with Client(server("airline")) as air, Client(server("email")) as mail:
        await call(air, "login", username="alice", password="alice-pass")
        await call(mail, "login", username="alice", password="alice-pass")
        bookings = (await call(air, "list_bookings", per_page=100))["items"]
        booking = next(b for b in bookings
                       if any(l["flight"]["status"] == "cancelled" for l in b["flights"]))
        leg = next(l for l in booking["flights"] if l["flight"]["status"] == "cancelled")
        old = leg["flight"]
        seen = await earliest(air, old, booking)
        new = await earliest(air, old, booking)
        if new["id"] != seen["id"]:
            print(seen["number"], "is gone; taking", new["number"])
        await call(air, "change_booking", reference=booking["reference"],
                   flight_id=new["id"], leg=leg["leg"])
        now = await call(air, "get_booking", reference=booking["reference"])
        flight = next(l["flight"] for l in now["flights"] if l["flight"]["id"] == new["id"])
        landing = (flight["estimated_arrival_local"] or flight["scheduled_arrival_local"])[11:16]
        await call(mail, "send_message", to=["dana@example.test"],
                   subject=f"My new flight tomorrow: {flight['number']}, lands {landing}",
                   body=(f"Hi Dana,\n\nMy flight {old['number']} was cancelled, so I'm now on "
                         f"{flight['number']} from Boston. It lands at O'Hare at {landing} "
                         f"(Chicago time) tomorrow.\n\nSee you there!\nAlice"))
        print("moved", booking["reference"], "to", flight["number"], "landing", landing)


asyncio.run(main())
PY
