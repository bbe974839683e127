#!/bin/bash
# alternative (MCP tools, another order): reads the rules and the queue through MCP, waits on TK-1102 until Tom's update shows, escalates it first (one update, then the reply in its own words), then keeps the other two.
set -euo pipefail
python3 - <<'PY'
import time
from mock_services.client import McpClient

wiki = McpClient("http://127.0.0.1:5130/mcp").login("alice", "alice-pass")
desk = McpClient("http://127.0.0.1:5100/mcp").login("alice", "alice-pass")
page = wiki.call("search_pages", q="Tier 1 triage rules")["items"][0]["page"]
print(wiki.call("get_page", page_id=page["id"])["body"][:200])
queue = desk.call("list_tickets", status="new", group="Tier 1 Support")["items"]
print([t["code"] for t in queue])
for t in queue:
    desk.call("get_ticket", code=t["code"])
for _ in range(60):
    crm = desk.call("get_ticket", code="TK-1102")
    if any(c["author"] is None for c in crm["comments"]):
        break
    time.sleep(1)
print(crm["comments"][-1]["body"][:120])
desk.call("update_ticket", code="TK-1102", priority="urgent", group="Technical Escalations", assignee=None)
desk.call("add_comment", code="TK-1102", public=True,
          body="Hello Tom,\n\nSince your entire sales team can no longer log in to the CRM, I have "
               "raised this ticket to urgent and passed it to our Technical Escalations team. "
               "Their on-call engineer will be in touch with you within the hour.\n\nBest regards,\nAlice")
desk.call("update_ticket", code="TK-1103", assignee="alice", priority="low", status="open")
desk.call("update_ticket", code="TK-1101", assignee="alice", priority="normal", status="open")
for code in ("TK-1101", "TK-1102", "TK-1103"):
    t = desk.call("get_ticket", code=code)
    print(code, t["status"], t["priority"], t["assignee"], t["group"])
PY
