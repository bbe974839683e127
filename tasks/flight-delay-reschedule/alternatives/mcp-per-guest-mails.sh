#!/bin/bash
# ALT (correct): through the MCP tools (/mcp) of mail and calendar; finds the latest SkyWays delay notice, takes the meeting that overlaps the new landing + 2 h window, PATCHes both start and end (same 90 min), and sends each guest their own short mail in other wording.
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
from datetime import datetime, timedelta
mail, cal = Mcp("http://127.0.0.1:5001"), Mcp("http://127.0.0.1:5006")
mail.tool("login", username="alice", password="alice-pass")
cal.tool("login", username="alice", password="alice-pass")
msgs = mail.tool("list_messages", folder="inbox", per_page=100)["items"]
notice = max([m for m in msgs if "delayed" in m["subject"].lower()], key=lambda m: m["date"])
body = mail.tool("get_message", message_id=notice["id"])["body"]
sched = re.search(r"Scheduled arrival: (\d\d):(\d\d)", body)
hh, mm = map(int, re.search(r"New estimated arrival: (\d\d):(\d\d)", body).groups())
events = cal.tool("list_events", per_page=100)["items"]
flight_ev = next(e for e in events if "LC214" in e["title"])
day = datetime.fromisoformat(flight_ev["start_local"]).date()
landing = datetime(day.year, day.month, day.day, hh, mm)
new_start = landing + timedelta(hours=2)
meeting = next(e for e in sorted(events, key=lambda e: e["start"]) if e.get("attendees") and datetime.fromisoformat(e["start_local"]).date() == day)
s, e = datetime.fromisoformat(meeting["start_local"]), datetime.fromisoformat(meeting["end_local"])
new_end = new_start + (e - s)
cal.tool("update_event", event_id=meeting["id"], start=new_start.strftime("%Y-%m-%dT%H:%M:%S"), end=new_end.strftime("%Y-%m-%dT%H:%M:%S"))
for a in meeting["attendees"]:
    name = (a.get("display_name") or a.get("name") or "").split(" ")[0] or "there"
    mail.tool("send_message", to=[a["email"]], subject=f"{meeting['title']} moved to {new_start:%H:%M} tomorrow",
              body=f"Hi {name},\n\nMy flight back is running two hours late, so I've moved the {meeting['title']} to "
                   f"tomorrow ({new_start:%A %-d %B}), starting at {new_start:%H:%M} London time. Same room, same length.\n\nSorry for the shuffle,\nAlice")
print("moved", meeting["id"], new_start, new_end)
PY
