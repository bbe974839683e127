#!/bin/bash
# Correct alternative: over MCP tools: update_passenger x2, select_seat for Leo beside Alice (seat
# map read to find the free neighbour), check_in with explicit passenger_ids of both, outbound.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import McpClient
m = McpClient("http://127.0.0.1:5000/mcp"); m.call("login", username="alice", password="alice-pass")
tools = {t["name"]: t["inputSchema"]["properties"] for t in m.rpc("tools/list", {})["tools"]}
print({k: list(tools[k]) for k in ("update_passenger", "select_seat", "check_in", "get_seat_map")})
bk = m.call("get_booking", reference="PX4M2Q")
alice, leo = bk["passengers"]
m.call("update_passenger", reference="PX4M2Q", passenger_id=leo["id"], passport_number="21FR90317")
m.call("update_passenger", reference="PX4M2Q", passenger_id=alice["id"], passport_number="19FR44821")
t = next(t for t in alice["tickets"] if t["leg"] == "outbound")
sm = m.call("get_seat_map", flight_id=t["flight_id"], cabin="economy", free_only=True)
free = {s["number"] for s in sm["seats"]}
row, letter = t["seat"][:-1], t["seat"][-1]
nb = {"A": "B", "B": "AC", "C": "B", "D": "E", "E": "DF", "F": "E"}[letter]
beside = next(row + n for n in nb if row + n in free)
m.call("select_seat", reference="PX4M2Q", passenger_id=leo["id"], seat=beside, leg="outbound")
print(m.call("check_in", reference="PX4M2Q", leg="outbound", passenger_ids=[leo["id"], alice["id"]]))
PY
