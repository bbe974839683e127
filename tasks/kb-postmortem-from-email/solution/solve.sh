#!/bin/bash
# Reference solution of kb-postmortem-from-email: reads the thread (Frank's correction: the
# payments gateway's TLS certificate expired at 09:14, errors until 10:52, 1,312 failed
# checkouts; Grace's action items), publishes the postmortem under the Engineering "Incident
# reports" page, lists it there, and mails Frank and Grace its address, over the JSON APIs.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient

mail = ServiceClient("http://127.0.0.1:5001/api").login("alice", "alice-pass")
kb = ServiceClient("http://127.0.0.1:5130/api").login("alice", "alice-pass")

thread = mail.call("GET", "/messages?q=payment%20failures&per_page=50")["items"]
assert thread, "the thread is in the inbox"

pages = kb.call("GET", "/pages?space=ENG&per_page=100")["items"]
(index,) = [p for p in pages if p["title"] == "Incident reports"]
body = """# Postmortem: checkout payment failures

## Summary
On Tuesday 1 December card payments at checkout failed from 09:14 to 10:52 UTC: the payments
gateway answered 502 because its TLS certificate had expired.

## Timeline (UTC)
- 09:14 the certificate of pay-gw.internal expires; card payments start failing
- 09:40 Frank reports the failures; the load balancer change is suspected
- 10:40 the load balancer change is rolled back, which does not help
- 10:47 Frank renews the certificate
- 10:52 the gateway has reloaded and the errors stop

## Root cause
The TLS certificate of the payments gateway (pay-gw.internal) expired. The load balancer change
of that morning was unrelated.

## Impact
1,312 checkouts failed. No customer was charged twice.

## Action items
| what | owner | due |
|---|---|---|
| expiry alerts for every internal certificate, 30 days ahead | Frank | 11 December |
| apology with a 10% voucher to the affected customers | Grace | 4 December |
"""
page = kb.call("POST", "/pages", {
    "space": "ENG", "parent_id": index["id"], "title": "Postmortem: checkout payment failures",
    "body": body, "labels": ["checkout", "postmortem"], "message": "Postmortem of 1 December",
})
current = kb.call("GET", f"/pages/{index['id']}")["body"]
listed = current.replace("\n- [[Postmortem: checkout outage",
                         f"\n- [[{page['title']}]]\n- [[Postmortem: checkout outage", 1)
kb.call("PATCH", f"/pages/{index['id']}", {"body": listed, "message": "List the payments postmortem"})

mail.call("POST", "/messages/send", {
    "to": ["frank@example.test", "grace@example.test"],
    "subject": "Postmortem: checkout payment failures",
    "body": f"Hi Frank, hi Grace,\n\nthe postmortem is in the wiki: http://localhost:5130/pages/{page['id']}\n",
})
PY
