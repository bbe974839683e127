#!/bin/bash
# ALT (correct): everything through the services' MCP tools (/mcp) instead of the REST API; reads the airline's mail first, picks the earliest same-day flight with free economy seats from list_flights (not the search endpoint), changes the booking, then mails Bob in other wording.
set -euo pipefail
python3 - <<'PY'
import json, time, urllib.request
class Mcp:
    def __init__(self, base):
        self.url = base.rstrip("/") + "/mcp"; self.sid = None; self.n = 0
        r = self._rpc("initialize", {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}})
    def _rpc(self, method, params):
        self.n += 1
        h = {"Content-Type": "application/json", "Accept": "application/json, text/event-stream"}
        if self.sid: h["Mcp-Session-Id"] = self.sid
        req = urllib.request.Request(self.url, data=json.dumps({"jsonrpc": "2.0", "id": self.n, "method": method, "params": params}).encode(), headers=h, method="POST")
        with urllib.request.urlopen(req, timeout=30) as resp:
            sid = resp.headers.get("Mcp-Session-Id")
            if sid: self.sid = sid
            return json.loads(resp.read())
    def tool(self, name, **args):
        for attempt in range(12):
            r = self._rpc("tools/call", {"name": name, "arguments": args})
            if "error" in r: raise RuntimeError(r["error"])
            res = r["result"]
            text = res["content"][0]["text"] if res.get("content") else ""
            if res.get("isError"):
                if any(k in text for k in ("429", "503", "too many", "unavailable", "rate", "try again")):
                    time.sleep(1.5); continue
                raise RuntimeError(f"{name}: {text}")
            if res.get("structuredContent") is not None:
                sc = res["structuredContent"]
                return sc.get("result", sc) if list(sc.keys()) == ["result"] else sc
            return json.loads(text) if text else None
        raise RuntimeError(f"{name}: gave up: {text}")
import re
air, mail = Mcp("http://127.0.0.1:5000"), Mcp("http://127.0.0.1:5001")
air.tool("login", username="alice", password="alice-pass")
mail.tool("login", username="alice", password="alice-pass")
inbox = mail.tool("list_messages", folder="inbox", q="cancelled")["items"]
print("notice:", inbox[0]["subject"])
bookings = air.tool("list_bookings")["items"]
booking = next(b for b in bookings if any(l["flight"]["status"] == "cancelled" for l in b["flights"]))
leg = next(l for l in booking["flights"] if l["flight"]["status"] == "cancelled")
old = leg["flight"]
flights = air.tool("list_flights", origin=old["origin"]["code"], destination=old["destination"]["code"], date=old["date"])["items"]
def free(f):
    for c in f.get("cabins") or f.get("fares") or []:
        if c.get("cabin") == booking["cabin"]:
            return c["seats_available"]
    return 0
cands = sorted([f for f in flights if f["status"] not in ("cancelled",) and f["id"] != old["id"] and free(f) >= len(booking["passengers"])], key=lambda f: f["scheduled_departure"])
print([(f["number"], free(f)) for f in flights])
new = cands[0]
air.tool("change_booking", reference=booking["reference"], flight_id=new["id"], leg=leg.get("leg", "outbound"))
arr = new["scheduled_arrival_local"][11:16]
mail.tool("send_message", to=["bob@example.test"], subject=f"Flight change - I land at {arr} tomorrow",
          body=f"Hello Bob,\n\nSkyWays cancelled my original flight, so I've been moved to flight {new['number']}. "
               f"It lands at London Heathrow at {arr} (London time) tomorrow.\n\nThanks for picking me up!\nAlice")
print("moved to", new["number"], arr)
PY
