#!/bin/bash
# alternative (MCP tools): the shop's MCP tools over streamable HTTP, no REST call: lists the orders, reads each one's items, keeps the first of every run of identical orders placed minutes apart and cancels the others (oldest first), with a reason.
set -euo pipefail
python3 - <<'PY'
from datetime import datetime, timedelta

from mock_services.client import McpClient

shop = McpClient("http://localhost:1234/mcp", name="alt")
schemas = {t["name"]: t["inputSchema"] for t in shop.rpc("tools/list", {})["tools"]}
print("get_order takes", list(schemas["get_order"]["properties"]), "; cancel_order takes",
      list(schemas["cancel_order"]["properties"]))
shop.login("alice", "alice-pass")
listed = shop.call("list_orders", per_page=100)
orders = [shop.call("get_order", code=o["code"]) for o in listed["items"]]
orders.sort(key=lambda o: (o["placed_at"], o["code"]))
kept: list[dict] = []
for order in orders:
    placed = datetime.fromisoformat(order["placed_at"].replace("Z", "+00:00"))
    items = sorted((i["sku"], i["quantity"]) for i in order["items"])
    twin = next((k for k in kept if k["items"] == items
                 and placed - k["placed"] <= timedelta(minutes=3)), None)
    if twin:
        done = shop.call("cancel_order", code=order["code"],
                         reason=f"accidental repeat of {twin['code']}")
        print("cancelled", order["code"], "repeat of", twin["code"], "->", done["status"])
    kept.append({"code": order["code"], "items": items, "placed": placed})
PY
