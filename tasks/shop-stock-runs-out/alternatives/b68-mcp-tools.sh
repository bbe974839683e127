#!/bin/bash
# alternative (MCP tools): the shop's MCP tools over streamable HTTP, no REST call: carts three V27U, reads the cart, and when it can no longer hold three it swaps the line for the cheapest 27-inch Vireo the shop can sell three of (read from the catalogue tool), then checks out with the profile's defaults.
set -euo pipefail
python3 - <<'PY'
import json
import re
import urllib.request

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
names = [t["name"] for t in rpc("tools/list")["result"]["tools"]]
print("tools:", names)
tool("login", username="alice", password="alice-pass")
profile = tool("get_profile")
tool("add_cart_item", sku="VIR-2701", quantity=3)
cart = tool("get_cart")
line = cart["lines"][0]
print("V27U in the cart:", line["quantity"], "available:", line["available"])
if line["available"] < 3:
    tool("remove_cart_item", line_id=line["id"])
    monitors = tool("list_products", category="monitors", brand="Vireo", in_stock=True,
                    sort="price_asc", per_page=100)["items"]
    size = re.search(r"(\d+)-inch", line["name"]).group(1)
    fits = [p for p in monitors if f"{size}-inch" in p["name"] and p["sku"] != "VIR-2701"
            and p["stock"] >= 3]
    choice = fits[0]
    print("substitute:", choice["sku"], choice["name"], choice["price"], "stock", choice["stock"])
    tool("add_cart_item", sku=choice["sku"], quantity=3)
order = tool("checkout", address_id=profile["default_address_id"],
             payment_method_id=profile["default_payment_method_id"])
print("placed", order["code"], [(i["sku"], i["quantity"]) for i in order["items"]])
PY
