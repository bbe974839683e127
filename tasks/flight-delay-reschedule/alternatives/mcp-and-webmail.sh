#!/bin/bash
# Correct alternative: reads the notice and moves the meeting through the calendar's MCP tools
# (update_event with start only, which keeps the length), then sends the guests' mail through
# the webmail's compose form (cookie login, POST /compose) like a browser, 12-hour wording.
set -euo pipefail
python3 - <<'PY'
import urllib.request, urllib.parse, http.cookiejar, re
from datetime import datetime, timedelta
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
mail = Mcp("http://127.0.0.1:5001"); mail.tool("login", {"username": "alice", "password": "alice-pass"})
cal = Mcp("http://127.0.0.1:5006"); cal.tool("login", {"username": "alice", "password": "alice-pass"})
msgs = mail.tool("list_messages", {"folder": "inbox", "q": "delayed", "sort": "newest"})["items"]
body = mail.tool("get_message", {"message_id": msgs[0]["id"]})["body"]
arr = re.search(r"New estimated arrival: (\d\d:\d\d)", body)[1]
evs = cal.tool("list_events", {"per_page": 100})["items"]
mt = min([e for e in evs if e["attendees"]], key=lambda e: e["start"])
ls = datetime.fromisoformat(mt["start_local"]).replace(tzinfo=None)
ns = datetime.combine(ls.date(), datetime.strptime(arr, "%H:%M").time()) + timedelta(hours=2)
cal.tool("update_event", {"event_id": mt["id"], "start": ns.strftime("%Y-%m-%dT%H:%M:%S")})
jar = http.cookiejar.CookieJar()
op = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
def post(path, data):
    return op.open(urllib.request.Request("http://127.0.0.1:5001" + path, data=urllib.parse.urlencode(data).encode(), method="POST")).status
post("/login?next=/", {"username": "alice", "password": "alice-pass"})
h = ns.hour - 12 if ns.hour > 12 else ns.hour
print(post("/compose", {"mode": "new", "to": ", ".join(a["email"] for a in mt["attendees"]), "cc": "", "bcc": "",
    "subject": f"{mt['title']} moved to {h}:{ns.minute:02d} pm tomorrow",
    "body": f"Hi,\n\nMy flight home is delayed, so I've moved {mt['title']} to tomorrow at {h}:{ns.minute:02d} pm (London time). Same room, same length.\n\nAlice"}))
print(mail.tool("list_messages", {"folder": "sent"})["items"][0]["to"] if True else "")
PY
