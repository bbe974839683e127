#!/bin/bash
# Correct alternative: everything over MCP (airline and mail /mcp tools): find the cancelled
# booking, search same route/day by departure, change_booking to the first (LC216), send_message to Bob
# with the flight number and London landing time. Retries rate-limit/unavailable tool errors.
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
air = Mcp("http://127.0.0.1:5000"); air.tool("login", {"username": "alice", "password": "alice-pass"})
mail = Mcp("http://127.0.0.1:5001"); mail.tool("login", {"username": "alice", "password": "alice-pass"})
bks = air.tool("list_bookings", {})["items"]
bk = next(b for b in bks if any(l["flight"]["status"] == "cancelled" for l in b["flights"]))
leg = next(l for l in bk["flights"] if l["flight"]["status"] == "cancelled"); old = leg["flight"]
res = air.tool("search_flights", {"origin": old["origin"]["code"], "destination": old["destination"]["code"],
                                  "date": old["date"], "cabin": bk["cabin"], "passengers": len(bk["passengers"]), "sort": "departure"})
new = [r["flight"] for r in res["items"] if r["flight"]["id"] != old["id"]][0]
air.tool("change_booking", {"reference": bk["reference"], "flight_id": new["id"], "leg": leg["leg"]})
arr = new["scheduled_arrival_local"][11:16]
tools = {t["name"]: t for t in mail.rpc("tools/list", {})["tools"]}
mail.tool("send_message", {"to": ["bob@example.test"], "subject": f"Rebooked: {new['number']} lands {arr}",
    "body": f"Hi Bob,\n\nThe airline cancelled my morning flight. I'm now booked on {new['number']}, which lands at London Heathrow at {arr} (London time).\n\nSee you there,\nAlice"})
print("ok", new["number"], arr)
PY
