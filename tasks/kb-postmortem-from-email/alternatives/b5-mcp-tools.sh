#!/bin/bash
# ALT (correct): through the kb and email MCP tools: create the postmortem page (published), append the
# link to the Engineering index (at the top of the list, as "newest first"), mail Frank and Grace.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import McpClient
kb = McpClient("http://127.0.0.1:5130/mcp"); kb.call("login", username="alice", password="alice-pass")
em = McpClient("http://127.0.0.1:5001/mcp"); em.call("login", username="alice", password="alice-pass")
BODY = """# Postmortem: checkout payment failures 1 December

## Summary
Card payments at checkout failed from 09:14 to 10:52 UTC on 1 December: the payments gateway answered 502.

## Timeline (UTC)
- 09:14 TLS certificate of pay-gw.internal expires, failures begin
- 10:40 load balancer rollback, no effect
- 10:47 certificate renewed
- 10:52 errors stop

## Root cause
The payments gateway's TLS certificate (pay-gw.internal) expired; the load balancer change was not involved.

## Impact
1,312 checkouts failed; no double charges.

## Action items
| what | owner | due |
|---|---|---|
| certificate expiry alerts 30 days ahead for all internal certificates | Frank | 11 December |
| apology and 10% voucher to affected customers | Grace | 4 December |
"""
pages = kb.call("list_pages", space="ENG", per_page=100)
idx = [p for p in pages["items"] if p["title"] == "Incident reports"][0]
page = kb.call("create_page", space="ENG", parent_id=idx["id"], title="Postmortem: checkout payment failures 1 December", body=BODY, labels=["postmortem", "checkout"])
cur = kb.call("get_page", page_id=idx["id"])["body"]
new = cur.replace("- [[Postmortem: checkout outage 12 November]]", "- [[Postmortem: checkout payment failures 1 December]]\n- [[Postmortem: checkout outage 12 November]]", 1)
assert new != cur
kb.call("update_page", page_id=idx["id"], body=new)
names = em.tools()
SEND = "send_message" if "send_message" in names else [n for n in names if "send" in n][0]
em.call(SEND, to=["frank@example.test", "grace@example.test"], subject="Postmortem of Tuesday's payment failures", body=f"Hi both,\n\nHere it is: http://localhost:5130/pages/{page['id']}\n\nAlice")
PY
