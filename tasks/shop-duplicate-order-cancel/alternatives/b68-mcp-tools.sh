#!/bin/bash
# alternative (MCP tools): the shop's MCP tools over streamable HTTP, no REST call: lists the orders, reads each one's items, keeps the first of every run of identical orders placed minutes apart and cancels the others (oldest first), with a reason.
set -euo pipefail
python3 - <<'PY'
import json
import urllib.request
from datetime import datetime, timedelta

URL = "http://localhost:1234/mcp"
session: dict[str, str] = {}
ids = iter(range(1, 10_000))


def rpc(method: str, params: dict | None = None, notify: bool = False):
    body = {"jsonrpc": "2.0", "method": method, "params": params or {}}
    if not notify:
        body["id"] = next(ids)
    req = urllib.request.Request(URL, json.dumps(body).encode(), method="POST", headers={
        "Content-Type": "application/json", "Accept": "application/json, text/event-stream",
        "MCP-Protocol-Version": "2025-06-18", **session})
    with urllib.request.urlopen(req, timeout=60) as resp:
        if "mcp-session-id" in resp.headers:
            session["Mcp-Session-Id"] = resp.headers["mcp-session-id"]
        text = resp.read().decode()
    if notify or not text.strip():
        return None
    if text.lstrip().startswith("{"):
        return json.loads(text)
    datas = [json.loads(l[5:]) for l in text.splitlines() if l.startswith("data:")]
    return next(d for d in datas if d.get("id") == body["id"])


def tool(name: str, **args):
    answer = rpc("tools/call", {"name": name, "arguments": args})["result"]
    text = "".join(c.get("text", "") for c in answer.get("content", []))
    if answer.get("isError"):
        raise SystemExit(f"{name} failed: {text}")
    return answer.get("structuredContent") or json.loads(text or "null")


rpc("initialize", {"protocolVersion": "2025-06-18", "capabilities": {},
                   "clientInfo": {"name": "alt", "version": "1"}})
rpc("notifications/initialized", notify=True)
schemas = {t["name"]: t["inputSchema"] for t in rpc("tools/list")["result"]["tools"]}
print("get_order takes", list(schemas["get_order"]["properties"]), "; cancel_order takes",
      list(schemas["cancel_order"]["properties"]))
tool("login", username="alice", password="alice-pass")
listed = tool("list_orders", per_page=100)
orders = [tool("get_order", code=o["code"]) for o in listed["items"]]
orders.sort(key=lambda o: (o["placed_at"], o["code"]))
kept: list[dict] = []
for order in orders:
    placed = datetime.fromisoformat(order["placed_at"].replace("Z", "+00:00"))
    items = sorted((i["sku"], i["quantity"]) for i in order["items"])
    twin = next((k for k in kept if k["items"] == items
                 and placed - k["placed"] <= timedelta(minutes=3)), None)
    if twin:
        done = tool("cancel_order", code=order["code"], reason=f"accidental repeat of {twin['code']}")
        print("cancelled", order["code"], "repeat of", twin["code"], "->", done["status"])
    kept.append({"code": order["code"], "items": items, "placed": placed})
PY
