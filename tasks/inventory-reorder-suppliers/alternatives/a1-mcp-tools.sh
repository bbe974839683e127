#!/bin/bash
# ALTERNATIVE (right): everything through the MCP servers: reads the delivery note and Bob's
# dock mail with the email tools, receives 12 stoves into EAST-RCV with receive_purchase_order,
# works out the low items with list_low_stock / list_suppliers, creates and sends one order per
# own supplier (22 tents to Summit due 03-20, 50 canisters to Alpine due 03-15) with the
# inventory tools, and replies to Ridgeline's delivery note with the email reply tool.
set -euo pipefail
python3 - <<'PY'
import json, urllib.request
from collections import defaultdict
from datetime import date, timedelta

class Mcp:
    def __init__(self, url):
        self.url, self.sid, self.n = url, None, 0
        self.rpc("initialize", {"protocolVersion": "2025-03-26", "capabilities": {},
                                "clientInfo": {"name": "blind", "version": "1"}})
        self.rpc("notifications/initialized", None, notify=True)
    def rpc(self, method, params, notify=False):
        self.n += 1
        msg = {"jsonrpc": "2.0", "method": method}
        if params is not None: msg["params"] = params
        if not notify: msg["id"] = self.n
        h = {"Content-Type": "application/json", "Accept": "application/json, text/event-stream"}
        if self.sid: h["Mcp-Session-Id"] = self.sid
        req = urllib.request.Request(self.url, json.dumps(msg).encode(), h)
        with urllib.request.urlopen(req) as r:
            self.sid = r.headers.get("Mcp-Session-Id") or self.sid
            raw = r.read().decode()
        if notify or not raw.strip(): return None
        if raw.lstrip().startswith("data:") or "\ndata:" in raw:
            raw = [l[5:] for l in raw.splitlines() if l.startswith("data:")][-1]
        return json.loads(raw)
    def tool(self, name, **args):
        res = self.rpc("tools/call", {"name": name, "arguments": args})
        if "error" in res: raise RuntimeError(res["error"])
        r = res["result"]
        if r.get("isError"): raise RuntimeError(f"{name}: {r['content']}")
        if "structuredContent" in r: return r["structuredContent"]
        return json.loads(r["content"][0]["text"])

mail = Mcp("http://127.0.0.1:5001/mcp"); mail.tool("login", username="alice", password="alice-pass")
inv = Mcp("http://127.0.0.1:5120/mcp"); inv.tool("login", username="alice", password="alice-pass")
mtools = {t["name"]: t for t in mail.rpc("tools/list", {})["result"]["tools"]}
print(sorted(mtools))
found = mail.tool("list_messages", q="PO-1004", folder="inbox", per_page=50)["items"]
for m in found: print(m["id"], m["date"], m["subject"])
note = [m for m in found if m["subject"].startswith("Delivery note")][0]
today = date.fromisoformat(note["date"][:10])  # 07:50 New York = 11:50Z, same day

print(inv.tool("receive_purchase_order", code="PO-1004",
               lines=[{"sku": "STV-CMP", "quantity": 12, "bin": "EAST-RCV"}])["status"])
lead = {s["name"]: s["lead_time_days"] for s in inv.tool("list_suppliers")["items"]}
orders = defaultdict(list)
for p in inv.tool("list_low_stock", per_page=100)["items"]:
    need = p["reorder_point"] + p["reorder_quantity"] - p["available"] - p["on_order"]
    print(p["sku"], p["supplier"], need)
    if need > 0: orders[p["supplier"]].append({"sku": p["sku"], "quantity": need})
for sup, lines in orders.items():
    po = inv.tool("create_purchase_order", supplier=sup, warehouse="EAST", lines=lines,
                  expected_date=(today + timedelta(days=lead[sup])).isoformat())
    sent = inv.tool("send_purchase_order", code=po["code"])
    print(sent["code"], sent["status"], sent["expected_date"], sent["lines"])
po = inv.tool("get_purchase_order", code="PO-1004")
rest = "; ".join(f"{l['outstanding']} {l['product_name']} ({l['sku']})" for l in po["lines"] if l["outstanding"])
body = ("Hello Tom,\n\nWe booked in this morning's part delivery against PO-1004: 12 Compact Camp Stoves "
        f"(STV-CMP) arrived at the East Coast DC.\n\nStill open on PO-1004: {rest}.\n"
        "When can you deliver the remaining items?\n\nThanks,\nAlice")
r = mail.tool("reply_message" if "reply_message" in mtools else [n for n in mtools if "reply" in n and "all" not in n][0],
              message_id=note["id"], body=body)
print(r.get("subject"), r.get("to"))
PY
