#!/bin/bash
# alternative (MCP tools): asks Maria in a new mail (not a reply) which room, books her answer through the calendar's MCP tools with a UTC offset, thanks her.
set -euo pipefail
python3 - <<'PY'
import re, time
from mock_services.client import McpClient

mail = McpClient("http://127.0.0.1:5001/mcp").login("alice", "alice-pass")
cal = McpClient("http://127.0.0.1:5006/mcp").login("alice", "alice-pass")
print(sorted(t for t in mail.tools() if "message" in t), sorted(cal.tools()))
req = mail.call("list_messages", folder="inbox", **{"from": "maria@example.test"})["items"][0]
req = mail.call("get_message", message_id=req["id"])
print(req["subject"], req["date"])
mail.call("send_message", to=["maria@example.test"], subject="Vendor review: which room?",
          body="Hi Maria,\n\nBefore I book Thursday's Northwind review: by the usual room, do you "
               "mean Aurora on the 3rd floor or Borealis on the 5th? We used both lately.\n\nAlice")
for _ in range(60):
    got = mail.call("list_messages", folder="inbox", **{"from": "maria@example.test"})["items"]
    if len(got) > 1:
        break
    time.sleep(1)
answer = mail.call("get_message", message_id=got[0]["id"])["body"]
print("Maria:", answer)
assert "Aurora" in answer and "10:30" in answer, answer
ev = cal.call("create_event", title="Northwind vendor review", start="2026-03-12T14:30:00Z",
              end="2026-03-12T15:30:00Z", timezone="America/New_York",
              location="Aurora room, 3rd floor", attendees=[{"email": "maria@example.test"}],
              description="With Priya from Northwind (in person); Aurora for the big screen.")
print(ev.get("start_local"), ev.get("end_local"))
mail.call("send_message", to=["maria@example.test"], subject="Re: Vendor review: which room?",
          body="Done: Thursday 12 March, 10:30 to 11:30, Aurora room (3rd floor). You are invited.\n\nAlice")
PY
