#!/bin/bash
# Correct alternative (notify): over MCP: calendar list_invitations(rsvp=declined), then the
# webmail's send_message to each organizer, differently worded, naming that meeting only.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import McpClient
c = McpClient("http://127.0.0.1:5006/mcp"); c.call("login", username="alice", password="alice-pass")
m = McpClient("http://127.0.0.1:5001/mcp"); m.call("login", username="alice", password="alice-pass")
x = c.call("list_invitations", rsvp="declined")
x = x["items"] if isinstance(x, dict) else x
for i in x:
    e = i.get("event", i)
    m.call("send_message", to=[e["organizer"]["email"]], subject=f"{e['title']}: I have to decline", body=f"Hello {e['organizer'].get('display_name', '').split(' ')[0]},\n\nI'm afraid I won't be able to join {e['title']}; I already have something else in my calendar at that time.\n\nBest,\nAlice")
PY
