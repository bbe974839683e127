#!/bin/bash
# ALT (correct): through the MCP tools (/mcp) of mail and todo; reads both of Klaus's mails, converts his Berlin deadline into Alice's own zone (17:00 Berlin on Wed 4 March = 11:00 America/New_York, same instant) and sets the existing deck task to that, then adds the DPA task to the Work list due Friday 6 March (Berlin day), other wording.
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
from datetime import datetime
from zoneinfo import ZoneInfo
mail, todo = Mcp("http://127.0.0.1:5001"), Mcp("http://127.0.0.1:5002")
mail.tool("login", username="alice", password="alice-pass")
todo.tool("login", username="alice", password="alice-pass")
msgs = [m for m in mail.tool("list_messages", folder="inbox", per_page=100)["items"]
        if "klaus.richter" in (m.get("from_address") or str(m.get("from", "")))]
latest = max(msgs, key=lambda m: m["date"])
body = mail.tool("get_message", message_id=latest["id"])["body"]
assert "Wednesday 4 March, 17:00" in body and "Friday 6 March" in body
tz = todo.tool("get_profile")["timezone"]
due = datetime(2026, 3, 4, 17, 0, tzinfo=ZoneInfo("Europe/Berlin")).astimezone(ZoneInfo(tz))
lists = todo.tool("list_lists")["items"]
work = next(l for l in lists if l["name"] == "Work")
tasks = todo.tool("list_tasks", list_id=work["id"], per_page=100)["items"]
deck = next(t for t in tasks if "partner deck" in t["title"].lower() and "klaus" in t["title"].lower())
todo.tool("update_task", task_id=deck["id"], due_date=due.strftime("%Y-%m-%d"), due_time=due.strftime("%H:%M"), timezone=tz)
todo.tool("create_task", list_id=work["id"], title="Return signed data processing agreement (DPA) to Klaus Richter",
          due_date="2026-03-06", timezone="Europe/Berlin", priority="high", tags=["partner"])
print("deck due", due, "in", tz)
PY
