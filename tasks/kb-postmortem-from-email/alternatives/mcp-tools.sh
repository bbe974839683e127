#!/bin/bash
# Correct alternative: everything through the MCP tools of both services (streamable HTTP):
# reads the thread with the mail tools, creates the page under the Engineering index with the
# wiki tools, adds the link, and sends the mail with the mail tool; the page in its own words.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import McpClient

kb = McpClient("http://127.0.0.1:5130/mcp").login("alice", "alice-pass")
mail = McpClient("http://127.0.0.1:5001/mcp").login("alice", "alice-pass")
found = mail.call("list_messages", q="payment failures", per_page=50)["items"]
bodies = [mail.call("get_message", message_id=m["id"])["body"] for m in found]
assert any("1,312" in b for b in bodies)
(index,) = [p for p in kb.call("list_pages", space="ENG", per_page=100)["items"] if p["title"] == "Incident reports"]
body = """# Postmortem: card payments failing at checkout

## Summary
Tuesday, 1 December: from 09:14 until 10:52 UTC no card payment went through at checkout.

## Timeline
- 09:14: the payments gateway's TLS certificate expires, payments fail with 502
- 10:47: certificate renewed by Frank
- 10:52: gateway reloaded, errors stop

## Root cause
An expired TLS certificate on pay-gw.internal. (The load balancer rollback was a red herring.)

## Impact
1312 failed checkouts; nobody was charged twice.

## Action items
- Frank: alerts 30 days before any internal certificate expires, due 2026-12-11
- Grace: apology and 10% voucher to the affected customers, due 2026-12-04
"""
page = kb.call("create_page", space="ENG", parent_id=index["id"], title="Postmortem: card payments failing at checkout", body=body)
current = kb.call("get_page", page_id=index["id"])["body"]
kb.call("update_page", page_id=index["id"], body=current.rstrip("\n") + f"\n- [[{page['title']}]]\n")
mail.call("send_message", to=["frank@example.test", "grace@example.test"], subject="Postmortem is up",
          body=f"Here it is: http://127.0.0.1:5130/pages/{page['id']}\n\nAlice")
PY
