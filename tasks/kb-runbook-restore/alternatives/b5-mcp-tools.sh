#!/bin/bash
# ALT (correct): through the kb MCP tools, other order: drafts first (publish checklist, delete rewrite),
# then restore_version 2, relabel (restored labels + verified), resolve Heidi's comment.
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
    def call(self, name, pid=None, **args):
        if not hasattr(self, "_schemas"):
            self._schemas = {t["name"]: t["inputSchema"] for t in self.tools()}
        sch = self._schemas[name]
        if pid is not None:
            miss = [k for k in sch.get("required", []) if k not in args]
            key = miss[0] if miss else [k for k in sch["properties"] if "id" in k][0]
            args[key] = pid
        return self.tool(name, **args)
kb = MCP("http://127.0.0.1:5130/mcp")
kb.tool("login", username="alice", password="alice-pass")
kb.call("publish_page", 7)
kb.call("delete_page", 8)
kb.call("restore_version", 5, version=2, message="Back to version 2 (before the 300 s change and the overwrite)")
page = kb.call("get_page", 5)
kb.call("update_page", 5, labels=sorted(set(page["labels"]) | {"verified"}))
cs = kb.call("list_comments", 5)
items = cs["items"] if isinstance(cs, dict) else cs
(h,) = [c for c in items if c["author"] == "heidi" and not c.get("resolved")]
kb.call("resolve_comment", h["id"])
PY
