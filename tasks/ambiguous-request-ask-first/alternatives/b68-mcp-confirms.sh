#!/bin/bash
# alternative (MCP tools, both services): through the mail and calendar MCP tools only, replies in Maria's thread asking which room she means, waits for her answer, books the review as she answers (New York time, her invited), then replies once more to confirm what was booked.
set -euo pipefail
python3 - <<'PY'
import json
import re
import time
import urllib.request
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo


class Mcp:
    """One MCP session over streamable HTTP."""

    def __init__(self, port: int) -> None:
        self.url, self.headers, self.ids = f"http://localhost:{port}/mcp", {}, iter(range(1, 10_000))
        self.rpc("initialize", {"protocolVersion": "2025-06-18", "capabilities": {},
                                "clientInfo": {"name": "alt", "version": "1"}})
        self.rpc("notifications/initialized", notify=True)
        self.schemas = {t["name"]: t["inputSchema"] for t in self.rpc("tools/list")["result"]["tools"]}

    def rpc(self, method: str, params: dict | None = None, notify: bool = False):
        body = {"jsonrpc": "2.0", "method": method, "params": params or {}}
        if not notify:
            body["id"] = next(self.ids)
        req = urllib.request.Request(self.url, json.dumps(body).encode(), method="POST", headers={
            "Content-Type": "application/json", "Accept": "application/json, text/event-stream",
            "MCP-Protocol-Version": "2025-06-18", **self.headers})
        with urllib.request.urlopen(req, timeout=60) as resp:
            if "mcp-session-id" in resp.headers:
                self.headers["Mcp-Session-Id"] = resp.headers["mcp-session-id"]
            text = resp.read().decode()
        if notify or not text.strip():
            return None
        if text.lstrip().startswith("{"):
            return json.loads(text)
        datas = [json.loads(l[5:]) for l in text.splitlines() if l.startswith("data:")]
        return next(d for d in datas if d.get("id") == body["id"])

    def __call__(self, name: str, **args):
        answer = self.rpc("tools/call", {"name": name, "arguments": args})["result"]
        text = "".join(c.get("text", "") for c in answer.get("content", []))
        if answer.get("isError"):
            raise SystemExit(f"{name} failed: {text}; it takes {list(self.schemas[name]['properties'])}")
        return answer.get("structuredContent") or json.loads(text or "null")


mail, cal = Mcp(5001), Mcp(5006)
print("mail tools:", sorted(mail.schemas)[:60])
mail("login", username="alice", password="alice-pass")
cal("login", username="alice", password="alice-pass")
request = mail("list_messages", folder="inbox", **{"from": "maria@example.test"})["items"][0]
reply_tool = next(n for n in mail.schemas if n.startswith("reply") and "all" not in n)
key = next(k for k in mail.schemas[reply_tool]["properties"] if k in ("message_id", "id"))
mail(reply_tool, **{key: request["id"], "body": "Hi Maria,\n\nSure. One question first: which room "
     "is the usual one for you, Aurora (3rd floor) or Borealis (5th floor)? The last two reviews "
     "used one each.\n\nAlice"})
said = ""
for _ in range(30):
    newer = [m for m in mail("list_messages", folder="inbox", **{"from": "maria@example.test"})["items"]
             if m["id"] != request["id"]]
    if newer:
        said = mail("get_message", message_id=newer[0]["id"])["body"]
        break
    time.sleep(1)
print("maria:", said)
room = "Aurora room (3rd floor)" if said.startswith("The Aurora") else "Borealis room (5th floor)"
start, end = re.search(r"(\d{1,2}:\d\d) to (\d{1,2}:\d\d)", said).groups()
zone = cal("get_profile")["timezone"]
now = json.load(urllib.request.urlopen("http://localhost:5006/health"))["now"]
today = datetime.fromisoformat(now.replace("Z", "+00:00")).astimezone(ZoneInfo(zone)).date()
thursday = today + timedelta(days=(3 - today.weekday()) % 7)
event = cal("create_event", title="Northwind vendor review", start=f"{thursday}T{start}:00",
            end=f"{thursday}T{end}:00", timezone=zone, location=room,
            attendees=[{"email": "maria@example.test"}])
print("booked", event["id"], event["start_local"], event["end_local"], event["location"])
mail(reply_tool, **{key: request["id"], "body": f"Done: the Northwind vendor review is in the calendar "
     f"for Thursday {thursday:%d %B}, {start} to {end}, in the {room.split(' (')[0]}, and you are "
     "invited.\n\nAlice"})
PY
