#!/bin/bash
# ALT (correct): through the MCP tools: books Thursday 12 March 11:30-12:00 New York (the only free 30 min
# in Tom's latest windows), given in UTC in the event (15:30Z), reply worded differently (11:30 AM EDT),
# then puts the ticket on hold with a separate update.
set -euo pipefail
python3 - <<'PY'
import json, urllib.request
class MCP:
    def __init__(self, url):
        self.url, self.sid, self.n = url, None, 0
        self.rpc("initialize", {"protocolVersion": "2025-03-26", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}})
        self.rpc("notifications/initialized", None, notify=True)
    def rpc(self, method, params, notify=False):
        msg = {"jsonrpc": "2.0", "method": method}
        if params is not None: msg["params"] = params
        if not notify:
            self.n += 1; msg["id"] = self.n
        h = {"Content-Type": "application/json", "Accept": "application/json, text/event-stream"}
        if self.sid: h["Mcp-Session-Id"] = self.sid
        r = urllib.request.urlopen(urllib.request.Request(self.url, json.dumps(msg).encode(), h))
        self.sid = r.headers.get("Mcp-Session-Id") or self.sid
        raw = r.read().decode()
        if notify or not raw.strip(): return None
        if raw.lstrip().startswith("{"): return json.loads(raw)
        for line in raw.splitlines():
            if line.startswith("data:"): return json.loads(line[5:])
    def tool(self, name, **args):
        res = self.rpc("tools/call", {"name": name, "arguments": args})
        if "error" in res: raise RuntimeError(res["error"])
        r = res["result"]
        if r.get("isError"): raise RuntimeError(r)
        if "structuredContent" in r: return r["structuredContent"]
        t = r["content"][0]["text"]
        try: return json.loads(t)
        except Exception: return t
    def tools(self):
        return self.rpc("tools/list", {})["result"]["tools"]
cal = MCP("http://127.0.0.1:5006/mcp")
cal.tool("login", username="alice", password="alice-pass")
desk = MCP("http://127.0.0.1:5100/mcp")
desk.tool("login", username="alice", password="alice-pass")
names = [t["name"] for t in cal.tools()]
CREATE = "create_event" if "create_event" in names else [n for n in names if "create" in n and "event" in n][0]
ev = cal.tool(CREATE, title="Tom Becker / Harbour room screen sharing (TK-1052)", start="2026-03-12T15:30:00Z", end="2026-03-12T16:00:00Z", timezone="America/New_York", attendees=[{"email": "tom.becker@northwind.example"}])
print(ev)
desk.tool("add_comment", code="TK-1052", public=True, body="Hello Tom,\n\nThe call is set for Thursday, March 12, 11:30 AM to 12:00 PM EDT (New York). An invite is on its way to your inbox.\n\nBest,\nAlice")
desk.tool("update_ticket", code="TK-1052", status="on-hold")
PY
