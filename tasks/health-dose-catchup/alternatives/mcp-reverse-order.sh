#!/bin/bash
# Correct alternative: over MCP tools, in the other order: first fix yesterday's evening Metformin
# (undo_dose + record_dose skipped), then record_dose taken for each of today's 08:00 doses.
set -euo pipefail
python3 - <<'PY'
from datetime import date, timedelta
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
m = Mcp("http://127.0.0.1:5007"); m.tool("login", {"username": "bob", "password": "bob-pass"})
tl = {t["name"]: list(t["inputSchema"]["properties"]) for t in m.rpc("tools/list", {})["tools"]}
print(tl["medication_schedule"], tl["record_dose"], tl["undo_dose"])
today = m.tool("medication_schedule", {})
Y = (date.fromisoformat(today["day"]) - timedelta(days=1)).isoformat()
for d in m.tool("medication_schedule", {"day": Y})["items"]:
    if d["name"] == "Metformin" and d["time"] == "20:00" and d["status"] != "skipped":
        if d["dose_id"] is not None: m.tool("undo_dose", {"medication_id": d["medication_id"], "dose_id": d["dose_id"]})
        m.tool("record_dose", {"medication_id": d["medication_id"], "day": Y, "time": "20:00", "status": "skipped"})
for d in today["items"]:
    if d["time"] == "08:00" and d["status"] in ("due", "missed"):
        m.tool("record_dose", {"medication_id": d["medication_id"], "time": "08:00", "status": "taken"})
PY
