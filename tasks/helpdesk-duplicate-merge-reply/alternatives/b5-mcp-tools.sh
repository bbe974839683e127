#!/bin/bash
# ALT (correct): same outcome through the MCP tools at /mcp, different order (fields first, then merge,
# then reply) and different wording of the reply.
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
m = MCP("http://127.0.0.1:5100/mcp")
m.tool("login", username="alice", password="alice-pass")
t = m.tool("get_ticket", code="TK-1041")
m.tool("update_ticket", code="TK-1041", assignee="alice", priority="high", tags=sorted(set(t["tags"]) | {"month-end"}))
m.tool("merge_ticket", code="TK-1047", merged_into="TK-1041")
m.tool("add_comment", code="TK-1041", public=True, status="pending", body=(
    "Dear Maria,\n\nThank you for your patience, and sorry for the trouble at month end. I've combined your "
    "two requests into this one.\n\nA fix is scheduled for release 4.2.1, which goes out on Thursday, 12 March.\n\n"
    "In the meantime, a workaround: open the invoice, click Print, and in your browser's print dialog pick "
    "\"Save as PDF\" as the destination. That produces the PDF without the export.\n\n"
    "Please let us know how it goes.\n\nKind regards,\nAlice Martin"))
PY
