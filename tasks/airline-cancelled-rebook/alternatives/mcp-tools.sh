#!/bin/bash
# alternative (MCP tools): everything through the airline's and the webmail's MCP tools (official
# mcp SDK over `mock-services mcp <service>`): list bookings, find the cancelled leg, list the
# route's flights that day (list_flights, not search), keep the earliest scheduled one with a free
# economy seat, change_booking onto it (retrying the 429/503 answers), then send_message to Bob.
set -euo pipefail
python3 - <<'PY'
import asyncio
import json
import sys
import time

from mcp import Client, StdioServerParameters


def server(name):
    return StdioServerParameters(command=sys.executable, args=["-m", "mock_services.cli", "mcp", name])


async def call(client, tool, **arguments):
    for attempt in range(12):
        result = await client.call_tool(tool, arguments)
        if not result.is_error:
            if result.structured_content is not None:
                return result.structured_content
            text = result.content[0].text if result.content else ""
            return json.loads(text) if text else None
        text = result.content[0].text if result.content else ""
        status = None
        try:
            status = json.loads(text.split("\n", 1)[1])["status"]
        except Exception:
            pass
        if status in (429, 500, 502, 503, 504) or "try again" in text.lower():
            print(f"{tool}: {status}, waiting", file=sys.stderr)
            await asyncio.sleep(1.5)
            continue
        raise SystemExit(f"{tool}: {text}")
    raise SystemExit(f"{tool}: still failing")


async def main():
    async with Client(server("airline")) as air, Client(server("email")) as mail:
        await call(air, "login", username="alice", password="alice-pass")
        await call(mail, "login", username="alice", password="alice-pass")
        bookings = (await call(air, "list_bookings", per_page=100))["items"]
        booking = next(b for b in bookings
                       if any(l["flight"]["status"] == "cancelled" for l in b["flights"]))
        leg = next(l for l in booking["flights"] if l["flight"]["status"] == "cancelled")
        old = leg["flight"]
        flights = (await call(air, "list_flights", origin=old["origin"]["code"],
                              destination=old["destination"]["code"], date=old["date"],
                              per_page=100))["items"]
        need = len(booking["passengers"])
        options = []
        for f in flights:
            if f["id"] == old["id"] or f["status"] not in ("scheduled", "delayed"):
                continue
            fare = next((x for x in f["fares"] if x["cabin"] == booking["cabin"]), None)
            if fare and fare["seats_available"] >= need:
                options.append(f)
        options.sort(key=lambda f: f["scheduled_departure"])
        new = options[0]
        changed = await call(air, "change_booking", reference=booking["reference"],
                             flight_id=new["id"], leg=leg["leg"])
        landing = new["scheduled_arrival_local"][11:16]
        await call(mail, "send_message", to=["bob@example.test"],
                   subject=f"My new flight tomorrow: {new['number']}, lands {landing}",
                   body=(f"Hi Bob,\n\nMy flight {old['number']} was cancelled, so I've been moved to "
                         f"{new['number']} from Lyon. It lands at London Heathrow at {landing} "
                         f"(London time) tomorrow.\n\nThanks for picking me up!\nAlice"))
        print("moved", booking["reference"], "to", new["number"], changed["status"], "landing", landing)


asyncio.run(main())
PY
