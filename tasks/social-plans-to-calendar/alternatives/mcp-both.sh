#!/bin/bash
# ALT (correct): all through the MCP tools (/mcp) of the social network and the calendar; reads each friend's conversation, creates the three events first (retrying the calendar's 503s) with slightly different titles/locations, then replies to each of the three friends in other wording.
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
social, cal = Mcp("http://127.0.0.1:5008"), Mcp("http://127.0.0.1:5006")
social.tool("login", username="alice", password="alice-pass")
cal.tool("login", username="alice", password="alice-pass")
friends = {u["username"] for u in social.tool("following", username="alice", per_page=100)["items"]}
for c in social.tool("conversations")["items"]:
    who = c["with_user"]["username"]
    if who in friends:
        for m in reversed(social.tool("conversation", username=who, per_page=100)["items"]):
            print(m["sent_at"], m["sender"], m["text"])
plans = [
    ("erin", "Book club", "14 Elm Street (Erin's place)", "2026-03-12T19:00:00Z", "2026-03-12T21:00:00Z",
     "Noted the new date - book club on Thursday the 12th at 19:00 is in my calendar. See you then!"),
    ("carol", "Birthday brunch", "Café Lumière", "2026-03-08T11:30:00Z", "2026-03-08T13:30:00Z",
     "Thank you! Brunch on Sunday at 11:30 at Café Lumière is in my calendar."),
    ("bob", "Jazz night at the Blue Note", "Blue Note", "2026-03-06T20:00:00Z", "2026-03-06T22:00:00Z",
     "Jazz night on Friday at 20:00 is in my calendar now, can't wait!"),
]
for who, title, place, start, end, _ in plans:
    ev = cal.tool("create_event", title=title, location=place, start=start, end=end)
    print("created", ev.get("id") or ev)
for who, *_, text in plans:
    social.tool("send_message", username=who, text=text)
PY
