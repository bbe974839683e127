#!/bin/bash
# ALTERNATIVE (right): everything over the MCP servers at /mcp, as an MCP-only agent would:
# reads Bob's thread with the email server's tools, then books the recount (19), the damage
# write-off and the transfer with the inventory server's adjust_stock / transfer_stock tools.
set -euo pipefail
python3 - <<'PY'
import json, urllib.request

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
tools = [t["name"] for t in mail.rpc("tools/list", {})["result"]["tools"]]
print("mail tools:", tools)
lst = [t for t in tools if t in ("list_messages", "search_messages")][0]
msgs = mail.tool(lst, q="cycle count", per_page=50)
items = msgs.get("items", msgs) if isinstance(msgs, dict) else msgs
for m in sorted(items, key=lambda m: m["date"]):
    print(m["date"], m["subject"])
print(inv.tool("adjust_stock", sku="HDL-200", bin="EAST-B-03", reason="count_correction", counted=19,
               note="Aisle B cycle count, Bob's recount (19 incl. 6 reserved for SO-2007)")["stock"])
print(inv.tool("adjust_stock", sku="STV-CMP", bin="EAST-B-02", reason="damage", change=-2,
               note="2 cracked burner heads, moved to scrap cage")["stock"])
print(inv.tool("transfer_stock", sku="WTR-FLT", from_bin="EAST-B-01", to_bin="EAST-B-02", quantity=6,
               note="filters were on the apparel shelf")["stock"])
PY
