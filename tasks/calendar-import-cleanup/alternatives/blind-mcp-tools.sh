#!/bin/bash
# Correct alternative: over the calendar's MCP tools: list_events over a wide range, group exact
# duplicates (title, start, end, non-recurring instance), delete_event the extra copies.
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
m = Mcp("http://127.0.0.1:5006"); m.tool("login", {"username": "alice", "password": "alice-pass"})
items = m.tool("list_events", {"start": "2026-02-20T00:00:00", "end": "2026-04-30T00:00:00", "per_page": 100})["items"]
seen, extra = {}, []
for e in sorted(items, key=lambda e: e["id"]):
    if e.get("occurrence_index"): continue
    k = (e["title"], e["start"], e["end"])
    if k in seen and seen[k] != e["id"]: extra.append(e["id"])
    seen.setdefault(k, e["id"])
for i in extra: m.tool("delete_event", {"event_id": i})
print(extra)
PY
