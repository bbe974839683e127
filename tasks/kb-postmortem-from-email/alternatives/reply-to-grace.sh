#!/bin/bash
# Correct alternative, another order: lists the page on the index first (a link that waits for
# its page), then creates it there, and answers Grace's request in the thread with a plain
# reply (to Grace) with Frank in cc: one mail to the two of them, the vendor left out.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient

mail = ServiceClient("http://127.0.0.1:5001/api").login("alice", "alice-pass")
kb = ServiceClient("http://127.0.0.1:5130/api").login("alice", "alice-pass")
title = "Postmortem: payment gateway certificate expiry"
(index,) = [p for p in kb.call("GET", "/pages?space=ENG&per_page=100")["items"] if p["title"] == "Incident reports"]
body = kb.call("GET", f"/pages/{index['id']}")["body"]
kb.call("PATCH", f"/pages/{index['id']}", {"body": body.replace("\n- [[Postmortem: checkout", f"\n- [[{title}]]\n- [[Postmortem: checkout", 1)})
text = """# Postmortem: payment gateway certificate expiry

## Summary
Checkout card payments failed from 09:14 UTC, when the gateway certificate expired, until
10:52 UTC, when the renewed certificate was loaded.

## Timeline
09:14 expiry; 10:40 load balancer rollback (no effect); 10:47 renewal; 10:52 recovery.

## Root cause
Expired TLS certificate on the payments gateway.

## Impact
1,312 checkouts failed.

## Action items
- Certificate expiry alerts (30 days ahead): Frank, by 11 Dec
- Apology with a 10% voucher to affected customers: Grace, by 4 Dec
"""
page = kb.call("POST", "/pages", {"space": "ENG", "parent_id": index["id"], "title": title, "body": text})
(request,) = [m for m in mail.call("GET", "/messages?q=action%20items&per_page=50")["items"] if m["from_address"] == "grace@example.test"]
mail.call("POST", f"/messages/{request['id']}/reply", {"cc": ["frank@example.test"], "body": f"Done: http://localhost:5130/pages/{page['id']}"})
PY
