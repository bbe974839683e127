#!/bin/bash
# ALT (correct): through the MCP tools: books Thursday 12 March 11:30-12:00 New York (the only free 30 min
# in Tom's latest windows), given in UTC in the event (15:30Z), reply worded differently (11:30 AM EDT),
# then puts the ticket on hold with a separate update.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import McpClient
cal = McpClient("http://127.0.0.1:5006/mcp")
cal.call("login", username="alice", password="alice-pass")
desk = McpClient("http://127.0.0.1:5100/mcp")
desk.call("login", username="alice", password="alice-pass")
names = cal.tools()
CREATE = "create_event" if "create_event" in names else [n for n in names if "create" in n and "event" in n][0]
ev = cal.call(CREATE, title="Tom Becker / Harbour room screen sharing (TK-1052)", start="2026-03-12T15:30:00Z", end="2026-03-12T16:00:00Z", timezone="America/New_York", attendees=[{"email": "tom.becker@northwind.example"}])
print(ev)
desk.call("add_comment", code="TK-1052", public=True, body="Hello Tom,\n\nThe call is set for Thursday, March 12, 11:30 AM to 12:00 PM EDT (New York). An invite is on its way to your inbox.\n\nBest,\nAlice")
desk.call("update_ticket", code="TK-1052", status="on-hold")
PY
