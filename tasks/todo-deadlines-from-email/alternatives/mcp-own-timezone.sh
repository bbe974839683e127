#!/bin/bash
# ALT (correct): through the MCP tools (/mcp) of mail and todo; reads both of Klaus's mails, converts his Berlin deadline into Alice's own zone (17:00 Berlin on Wed 4 March = 11:00 America/New_York, same instant) and sets the existing deck task to that, then adds the DPA task to the Work list due Friday 6 March (Berlin day), other wording.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import McpClient
from datetime import datetime
from zoneinfo import ZoneInfo
mail, todo = McpClient("http://127.0.0.1:5001/mcp"), McpClient("http://127.0.0.1:5002/mcp")
mail.call("login", username="alice", password="alice-pass")
todo.call("login", username="alice", password="alice-pass")
msgs = [m for m in mail.call("list_messages", folder="inbox", per_page=100)["items"]
        if "klaus.richter" in (m.get("from_address") or str(m.get("from", "")))]
latest = max(msgs, key=lambda m: m["date"])
body = mail.call("get_message", message_id=latest["id"])["body"]
assert "Wednesday 4 March, 17:00" in body and "Friday 6 March" in body
tz = todo.call("get_profile")["timezone"]
due = datetime(2026, 3, 4, 17, 0, tzinfo=ZoneInfo("Europe/Berlin")).astimezone(ZoneInfo(tz))
lists = todo.call("list_lists")["items"]
work = next(l for l in lists if l["name"] == "Work")
tasks = todo.call("list_tasks", list_id=work["id"], per_page=100)["items"]
deck = next(t for t in tasks if "partner deck" in t["title"].lower() and "klaus" in t["title"].lower())
todo.call("update_task", task_id=deck["id"], due_date=due.strftime("%Y-%m-%d"), due_time=due.strftime("%H:%M"), timezone=tz)
todo.call("create_task", list_id=work["id"], title="Return signed data processing agreement (DPA) to Klaus Richter", due_date="2026-03-06", timezone="Europe/Berlin", priority="high", tags=["partner"])
print("deck due", due, "in", tz)
PY
