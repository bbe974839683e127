#!/bin/bash
# Correct alternative: over MCP tools: list_appointments, list_events (Paris time) to compute the
# busy times (opaque, not declined, not cancelled, not the appointment itself), first free 45-min
# slot on the hour or half hour within the dentist hours from Thursday, reschedule_appointment.
set -euo pipefail
python3 - <<'PY'
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo
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
P = ZoneInfo("Europe/Paris")
h = Mcp("http://127.0.0.1:5007"); h.tool("login", {"username": "alice", "password": "alice-pass"})
c = Mcp("http://127.0.0.1:5006"); c.tool("login", {"username": "alice", "password": "alice-pass"})
ct = {t["name"]: t["inputSchema"]["properties"] for t in c.rpc("tools/list", {})["tools"]}
print(list(ct["freebusy"]))
apts = h.tool("list_appointments", {"upcoming": True, "status": "scheduled"})["items"]
d = next(a for a in apts if a["provider"]["specialty"] == "Dentistry")
st = datetime.fromisoformat(d["start_local"]); ln = datetime.fromisoformat(d["end"].replace("Z", "+00:00")) - st
day0 = st.replace(hour=0, minute=0)
evs = c.tool("list_events", {"start": day0.strftime("%Y-%m-%dT%H:%M"), "end": (day0 + timedelta(days=2)).strftime("%Y-%m-%dT%H:%M"), "timezone": "Europe/Paris", "per_page": 100})["items"]
at = lambda t: datetime.fromisoformat(t.replace("Z", "+00:00"))
busy = [(at(e["start"]), at(e["end"])) for e in evs if e["status"] != "cancelled" and e["transparency"] == "opaque" and e.get("my_rsvp") != "declined" and d["code"] not in (e.get("description") or "")]
p = d["provider"]
for k in range(2):
    day = (day0 + timedelta(days=k)).date()
    o = datetime.combine(day, datetime.strptime(p["opens"], "%H:%M").time(), P); cl = datetime.combine(day, datetime.strptime(p["closes"], "%H:%M").time(), P)
    s = o if o.minute in (0, 30) else o.replace(minute=30 if o.minute < 30 else 0)
    found = None
    while s + ln <= cl:
        if all(s + ln <= x or s >= y for x, y in busy): found = s; break
        s += timedelta(minutes=30)
    if found:
        print(h.tool("reschedule_appointment", {"code": d["code"], "start": found.isoformat()}))
        break
PY
