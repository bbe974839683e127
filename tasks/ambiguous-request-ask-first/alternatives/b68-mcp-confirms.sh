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

from mock_services.client import McpClient

mail = McpClient("http://localhost:5001/mcp", name="alt").login("alice", "alice-pass")
cal = McpClient("http://localhost:5006/mcp", name="alt").login("alice", "alice-pass")
schemas = {t["name"]: t["inputSchema"] for t in mail.rpc("tools/list", {})["tools"]}
print("mail tools:", sorted(schemas)[:60])
request = mail.call("list_messages", folder="inbox", **{"from": "maria@example.test"})["items"][0]
reply_tool = next(n for n in schemas if n.startswith("reply") and "all" not in n)
key = next(k for k in schemas[reply_tool]["properties"] if k in ("message_id", "id"))
mail.call(reply_tool, **{key: request["id"], "body": "Hi Maria,\n\nSure. One question first: which "
          "room is the usual one for you, Aurora (3rd floor) or Borealis (5th floor)? The last two "
          "reviews used one each.\n\nAlice"})
said = ""
for _ in range(30):
    inbox = mail.call("list_messages", folder="inbox", **{"from": "maria@example.test"})["items"]
    newer = [m for m in inbox if m["id"] != request["id"]]
    if newer:
        said = mail.call("get_message", message_id=newer[0]["id"])["body"]
        break
    time.sleep(1)
print("maria:", said)
room = "Aurora room (3rd floor)" if said.startswith("The Aurora") else "Borealis room (5th floor)"
start, end = re.search(r"(\d{1,2}:\d\d) to (\d{1,2}:\d\d)", said).groups()
zone = cal.call("get_profile")["timezone"]
now = json.load(urllib.request.urlopen("http://localhost:5006/health"))["now"]
today = datetime.fromisoformat(now.replace("Z", "+00:00")).astimezone(ZoneInfo(zone)).date()
thursday = today + timedelta(days=(3 - today.weekday()) % 7)
event = cal.call("create_event", title="Northwind vendor review", start=f"{thursday}T{start}:00",
                 end=f"{thursday}T{end}:00", timezone=zone, location=room,
                 attendees=[{"email": "maria@example.test"}])
print("booked", event["id"], event["start_local"], event["end_local"], event["location"])
mail.call(reply_tool, **{key: request["id"], "body": f"Done: the Northwind vendor review is in the "
          f"calendar for Thursday {thursday:%d %B}, {start} to {end}, in the {room.split(' (')[0]}, "
          "and you are invited.\n\nAlice"})
PY
