#!/bin/bash
# Correct alternative: everything over MCP (airline and mail /mcp tools): find the cancelled
# booking, search same route/day by departure, change_booking to the first (LC216), send_message to Bob
# with the flight number and London landing time. Retries rate-limit/unavailable tool errors.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import McpClient
air = McpClient("http://127.0.0.1:5000/mcp"); air.call("login", username="alice", password="alice-pass")
mail = McpClient("http://127.0.0.1:5001/mcp"); mail.call("login", username="alice", password="alice-pass")
bks = air.call("list_bookings")["items"]
bk = next(b for b in bks if any(l["flight"]["status"] == "cancelled" for l in b["flights"]))
leg = next(l for l in bk["flights"] if l["flight"]["status"] == "cancelled"); old = leg["flight"]
res = air.call("search_flights", origin=old["origin"]["code"], destination=old["destination"]["code"], date=old["date"], cabin=bk["cabin"], passengers=len(bk["passengers"]), sort="departure")
new = [r["flight"] for r in res["items"] if r["flight"]["id"] != old["id"]][0]
air.call("change_booking", reference=bk["reference"], flight_id=new["id"], leg=leg["leg"])
arr = new["scheduled_arrival_local"][11:16]
tools = {t["name"]: t for t in mail.rpc("tools/list", {})["tools"]}
mail.call("send_message", to=["bob@example.test"], subject=f"Rebooked: {new['number']} lands {arr}", body=f"Hi Bob,\n\nThe airline cancelled my morning flight. I'm now booked on {new['number']}, which lands at London Heathrow at {arr} (London time).\n\nSee you there,\nAlice")
print("ok", new["number"], arr)
PY
