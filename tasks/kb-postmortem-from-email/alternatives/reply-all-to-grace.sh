#!/bin/bash
# Correct alternative: the reference's page and link, then reply-all to Grace's request in the
# thread: that mail went to Alice and Frank only, so the answer reaches exactly Grace and Frank.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient

mail = ServiceClient("http://127.0.0.1:5001/api").login("alice", "alice-pass")
kb = ServiceClient("http://127.0.0.1:5130/api").login("alice", "alice-pass")
(index,) = [p for p in kb.call("GET", "/pages?space=ENG&per_page=100")["items"] if p["title"] == "Incident reports"]
text = """# Postmortem: checkout payments down on 1 December

## Summary
Card payments failed at checkout from 09:14 to 10:52 UTC.

## Timeline
- 09:14 TLS certificate of the payments gateway expired
- 10:47 certificate renewed
- 10:52 errors stopped

## Root cause
The gateway's TLS certificate expired.

## Impact
1,312 checkouts failed.

## Action items
- Frank: certificate expiry alerts, due 11 December
- Grace: apology with a voucher to the affected customers, due 4 December
"""
page = kb.call("POST", "/pages", {"space": "ENG", "parent_id": index["id"], "title": "Postmortem: checkout payments down on 1 December", "body": text})
body = kb.call("GET", f"/pages/{index['id']}")["body"]
kb.call("PATCH", f"/pages/{index['id']}", {"body": body + f"- [[{page['title']}]]\n"})
(request,) = [m for m in mail.call("GET", "/messages?q=action%20items&per_page=50")["items"] if m["from_address"] == "grace@example.test"]
mail.call("POST", f"/messages/{request['id']}/reply-all", {"body": f"Written up: http://localhost:5130/pages/{page['id']}"})
PY
