#!/bin/bash
# alternative (MCP tools): the mail's and the calendar's MCP tools only: send_message, then
# list_messages / get_message until no new mail of Dana's comes in while reading, the time of her
# newest mail, then create_event with the instants in UTC ("Z") and Dana by email.
set -euo pipefail
python3 - <<'PY'
import re
import time
from datetime import datetime, timedelta, timezone
from zoneinfo import ZoneInfo

from mock_services.client import McpClient

DANA = "dana.whitfield@northwind.example"
mail = McpClient("http://127.0.0.1:5001/mcp").login("alice", "alice-pass")
cal = McpClient("http://127.0.0.1:5006/mcp").login("alice", "alice-pass")
mail.call("send_message", to=[DANA], subject="Thursday call about the renewal",
          body="Hello Dana,\n\nCould we have a half-hour call on Thursday, March 12, about the "
               "renewal? Which time would work for you?\n\nAlice")


def hers():
    return mail.call("list_messages", folder="inbox", **{"from": DANA})["items"]


seen, newest = -1, None
while len(hers()) != seen:
    seen = len(hers())
    bodies = [(m["date"], mail.call("get_message", message_id=m["id"])["body"]) for m in hers()]
    newest = max(bodies)[1] if bodies else None
    time.sleep(0.5)
hour, minute, half = re.findall(r"\b(\d{1,2}):(\d{2})\s*([ap])\.?m", newest, re.I)[-1]
start = datetime(2026, 3, 12, int(hour) % 12 + (12 if half.lower() == "p" else 0), int(minute),
                 tzinfo=ZoneInfo("America/New_York")).astimezone(timezone.utc)
z = lambda d: d.strftime("%Y-%m-%dT%H:%M:%SZ")
event = cal.call("create_event", title="Northwind renewal call", start=z(start),
                 end=z(start + timedelta(minutes=30)), attendees=[{"email": DANA}])
print("booked", event["id"], z(start))
PY
