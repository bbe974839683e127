#!/bin/bash
# WRONG: written from the first mails: ends 10:40 after the LB rollback, ~2,000 failed payments, cause the load balancer change.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient
mail = ServiceClient("http://127.0.0.1:5001/api").login("alice", "alice-pass")
kb = ServiceClient("http://127.0.0.1:5130/api").login("alice", "alice-pass")
BODY = '# Postmortem: checkout payment failures\n\n## Summary\nOn Tuesday 1 December card payments at checkout failed from 09:14 to 10:40 UTC: the payments\ngateway answered 502 after the load balancer change.\n\n## Timeline (UTC)\n- 09:14 the certificate of pay-gw.internal expires; card payments start failing\n- 09:40 Frank reports the failures; the load balancer change is suspected\n- 10:40 the load balancer change is rolled back, and payments recover\n\n## Root cause\nThe load balancer change deployed at 09:05.\n\n## Impact\nAbout 2,000 checkouts failed. No customer was charged twice.\n\n## Action items\n| what | owner | due |\n|---|---|---|\n| expiry alerts for every internal certificate, 30 days ahead | Frank | 11 December |\n| apology with a 10% voucher to the affected customers | Grace | 4 December |\n'
TITLE = 'Postmortem: checkout payment failures'
TO = ['frank@example.test', 'grace@example.test']
pages = kb.call("GET", "/pages?space=ENG&per_page=100")["items"]
(index,) = [p for p in pages if p["title"] == "Incident reports"]
page = kb.call("POST", "/pages", {"space": "ENG", "parent_id": index["id"], "title": TITLE, "body": BODY, "labels": ["checkout", "postmortem"]})
current = kb.call("GET", f"/pages/{index['id']}")["body"]
listed = current.replace("\n- [[Postmortem: checkout outage", f"\n- [[{page['title']}]]\n- [[Postmortem: checkout outage", 1)
kb.call("PATCH", f"/pages/{index['id']}", {"body": listed})
URL = f"http://localhost:5130/pages/{page['id']}"
mail.call("POST", "/messages/send", {"to": TO, "subject": "Postmortem: checkout payment failures", "body": f"Hi Frank, hi Grace,\n\nthe postmortem is in the wiki: {URL}\n"})

PY
