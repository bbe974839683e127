#!/bin/bash
# Correct alternative: the whole review over MCP tools (list_reports, get_report, approve_report,
# reject_report) with a differently worded reason ("<merchant>'s expense is over the limit").
set -euo pipefail
python3 - <<'PY'
import json, time, urllib.request, urllib.error
class Mcp:
    def __init__(self, base):
        self.url = base.rstrip("/") + "/mcp"; self.sid = None; self.n = 0
        r = self.rpc("initialize", {"protocolVersion": "2025-03-26", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}})
        self.notify("notifications/initialized")
    def _post(self, msg):
        h = {"Content-Type": "application/json", "Accept": "application/json, text/event-stream"}
        if self.sid: h["Mcp-Session-Id"] = self.sid
        req = urllib.request.Request(self.url, data=json.dumps(msg).encode(), headers=h, method="POST")
        with urllib.request.urlopen(req, timeout=30) as resp:
            sid = resp.headers.get("Mcp-Session-Id")
            if sid: self.sid = sid
            raw = resp.read().decode()
        if not raw: return None
        if raw.startswith("event:") or raw.startswith("data:"):
            raw = "\n".join(l[5:] for l in raw.splitlines() if l.startswith("data:"))
        return json.loads(raw)
    def notify(self, method):
        try: self._post({"jsonrpc": "2.0", "method": method})
        except Exception: pass
    def rpc(self, method, params):
        self.n += 1
        r = self._post({"jsonrpc": "2.0", "id": self.n, "method": method, "params": params})
        if "error" in r: raise RuntimeError(r["error"])
        return r["result"]
    def tool(self, name, args=None, tries=10):
        for i in range(tries):
            res = self.rpc("tools/call", {"name": name, "arguments": args or {}})
            txt = "".join(c.get("text", "") for c in res.get("content", []))
            if res.get("isError"):
                if any(s in txt for s in ("rate", "429", "503", "unavailable", "Too many", "too many")) and i < tries - 1:
                    time.sleep(1.5); continue
                raise RuntimeError(f"{name}: {txt}")
            if res.get("structuredContent") is not None: return res["structuredContent"]
            try: return json.loads(txt)
            except Exception: return txt
m = Mcp("http://127.0.0.1:5005"); m.tool("login", {"username": "bob", "password": "bob-pass"})
tools = {t["name"]: t["inputSchema"] for t in m.rpc("tools/list", {})["tools"]}
print(tools["approve_report"], tools["reject_report"], tools["list_reports"])
ws = m.tool("list_reports", {"scope": "team", "status": "submitted", "per_page": 100})["items"]
for s in ws:
    idkey = "report_id" if "report_id" in tools["get_report"]["properties"] else "id"
    r = m.tool("get_report", {idkey: s["id"]})
    o = [i["merchant"] for i in r["items"] if i["over_limit"]]
    if o:
        m.tool("reject_report", {idkey: s["id"], "reason": "Sorry, I can't approve this: " + " and ".join(f"{x}'s expense" for x in o) + " is over the category limit."})
    else:
        m.tool("approve_report", {idkey: s["id"]})
PY
