#!/bin/bash
# ALT (correct): through the MCP tools (/mcp) of mail and calendar; finds the latest SkyWays delay notice, takes the meeting that overlaps the new landing + 2 h window, PATCHes both start and end (same 90 min), and sends each guest their own short mail in other wording.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import McpClient
import re
from datetime import datetime, timedelta
mail, cal = McpClient("http://127.0.0.1:5001/mcp"), McpClient("http://127.0.0.1:5006/mcp")
mail.call("login", username="alice", password="alice-pass")
cal.call("login", username="alice", password="alice-pass")
msgs = mail.call("list_messages", folder="inbox", per_page=100)["items"]
notice = max([m for m in msgs if "delayed" in m["subject"].lower()], key=lambda m: m["date"])
body = mail.call("get_message", message_id=notice["id"])["body"]
sched = re.search(r"Scheduled arrival: (\d\d):(\d\d)", body)
hh, mm = map(int, re.search(r"New estimated arrival: (\d\d):(\d\d)", body).groups())
events = cal.call("list_events", per_page=100)["items"]
flight_ev = next(e for e in events if "LC214" in e["title"])
day = datetime.fromisoformat(flight_ev["start_local"]).date()
landing = datetime(day.year, day.month, day.day, hh, mm)
new_start = landing + timedelta(hours=2)
meeting = next(e for e in sorted(events, key=lambda e: e["start"]) if e.get("attendees") and datetime.fromisoformat(e["start_local"]).date() == day)
s, e = datetime.fromisoformat(meeting["start_local"]), datetime.fromisoformat(meeting["end_local"])
new_end = new_start + (e - s)
cal.call("update_event", event_id=meeting["id"], start=new_start.strftime("%Y-%m-%dT%H:%M:%S"), end=new_end.strftime("%Y-%m-%dT%H:%M:%S"))
for a in meeting["attendees"]:
    name = (a.get("display_name") or a.get("name") or "").split(" ")[0] or "there"
    mail.call("send_message", to=[a["email"]], subject=f"{meeting['title']} moved to {new_start:%H:%M} tomorrow", body=f"Hi {name},\n\nMy flight back is running two hours late, so I've moved the {meeting['title']} to "
                   f"tomorrow ({new_start:%A %-d %B}), starting at {new_start:%H:%M} London time. Same room, same length.\n\nSorry for the shuffle,\nAlice")
print("moved", meeting["id"], new_start, new_end)
PY
