#!/bin/bash
# Correct alternative: over MCP tools: update_passenger x2, select_seat for Leo beside Alice (seat
# map read to find the free neighbour), check_in with explicit passenger_ids of both, outbound.
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
m = Mcp("http://127.0.0.1:5000"); m.tool("login", {"username": "alice", "password": "alice-pass"})
tools = {t["name"]: t["inputSchema"]["properties"] for t in m.rpc("tools/list", {})["tools"]}
print({k: list(tools[k]) for k in ("update_passenger", "select_seat", "check_in", "get_seat_map")})
bk = m.tool("get_booking", {"reference": "PX4M2Q"})
alice, leo = bk["passengers"]
m.tool("update_passenger", {"reference": "PX4M2Q", "passenger_id": leo["id"], "passport_number": "21FR90317"})
m.tool("update_passenger", {"reference": "PX4M2Q", "passenger_id": alice["id"], "passport_number": "19FR44821"})
t = next(t for t in alice["tickets"] if t["leg"] == "outbound")
sm = m.tool("get_seat_map", {"flight_id": t["flight_id"], "cabin": "economy", "free_only": True})
free = {s["number"] for s in sm["seats"]}
row, letter = t["seat"][:-1], t["seat"][-1]
nb = {"A": "B", "B": "AC", "C": "B", "D": "E", "E": "DF", "F": "E"}[letter]
beside = next(row + n for n in nb if row + n in free)
m.tool("select_seat", {"reference": "PX4M2Q", "passenger_id": leo["id"], "seat": beside, "leg": "outbound"})
print(m.tool("check_in", {"reference": "PX4M2Q", "leg": "outbound", "passenger_ids": [leo["id"], alice["id"]]}))
PY
