#!/bin/bash
# alternative (MCP tools over HTTP, other words): reads the rules through the wiki's tools, reads every new ticket of the Tier 1 queue twice, 15 s apart, deciding only on the second read, sets each in one update_ticket call, and tells the blocked team's requester in words of its own ("raised to urgent and handed to Technical Escalations ... call you in the next hour").
set -euo pipefail
python3 - <<'PY'
import time

from mock_services.client import McpClient

hd = McpClient("http://127.0.0.1:5100/mcp").login("alice", "alice-pass")
kb = McpClient("http://127.0.0.1:5130/mcp").login("alice", "alice-pass")
found = kb.call("search_pages", q="triage rules", space="SUP")
page = kb.call("get_page", page_id=found["items"][0]["page"]["id"])
print(page["title"])


def rows(answer):
    return answer["items"] if isinstance(answer, dict) else answer


queue = [t["code"] for t in rows(hd.call("list_tickets", status="new", group="Tier 1 Support"))]
first_read = {code: hd.call("get_ticket", code=code) for code in queue}
time.sleep(15)
DECIDED = {  # read from the subject, description and every comment on the second read
    "Second monitor flickers now and then": "normal",  # annoying, she can still work
    "How do I add my signature to the mail app?": "low",  # a how-to, nothing broken
}
for code in queue:
    ticket = hd.call("get_ticket", code=code)
    team_blocked = any(c["author"] is None and "nobody in our sales team" in c["body"] for c in ticket["comments"])
    chosen = "urgent" if team_blocked else DECIDED.get(ticket["subject"], "high")
    print(code, ticket["subject"], len(first_read[code]["comments"]), "->", len(ticket["comments"]), "comments:", chosen)
    if chosen != "urgent":
        hd.call("update_ticket", code=code, priority=chosen, assignee="alice", status="open")
        continue
    hd.call("update_ticket", code=code, priority="urgent", group="Technical Escalations", assignee=None, status="open")
    hd.call("add_comment", code=code, public=True, body=(
        "Hi Tom,\n\nSorry that your whole team is locked out of the CRM. I have raised this to urgent "
        "and handed it to Technical Escalations; one of their engineers will call you in the next hour.\n\n"
        "Best regards,\nAlice"))
PY
