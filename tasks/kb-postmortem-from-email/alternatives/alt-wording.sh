#!/bin/bash
# ALT (correct): different but faithful wording/layout, title with a date like the others, link by page id [[N]] in the index.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient
mail = ServiceClient("http://127.0.0.1:5001/api").login("alice", "alice-pass")
kb = ServiceClient("http://127.0.0.1:5130/api").login("alice", "alice-pass")
BODY = '# Postmortem: card payment failures 1 December\n\n## Summary\nCard payments at checkout failed on 1 December from 09:14 UTC until 10:52 UTC (98 minutes). The payments gateway returned 502 errors.\n\n## Timeline (UTC)\n- 09:05 load balancer change deployed (later shown to be unrelated)\n- 09:14 TLS certificate of pay-gw.internal expired; failures begin\n- 10:40 load balancer rolled back; no effect\n- 10:47 certificate renewed by Frank\n- 10:52 gateway reloaded; failures end\n\n## Root cause\nAn expired TLS certificate on the payments gateway, pay-gw.internal.\n\n## Impact\n1,312 failed checkouts (from the gateway logs). Nobody was charged twice.\n\n## Action items\n| what | owner | due |\n|---|---|---|\n| Alert 30 days before any internal certificate expires | Frank | 11 December |\n| Apologise to affected customers with a 10% voucher | Grace | 4 December |\n'
TITLE = 'Postmortem: card payment failures 1 December'
TO = ['frank@example.test', 'grace@example.test']
pages = kb.call("GET", "/pages?space=ENG&per_page=100")["items"]
(index,) = [p for p in pages if p["title"] == "Incident reports"]
page = kb.call("POST", "/pages", {"space": "ENG", "parent_id": index["id"], "title": TITLE, "body": BODY, "labels": ["checkout", "postmortem"]})
current = kb.call("GET", f"/pages/{index['id']}")["body"]
listed = current.replace("\n- [[Postmortem: checkout outage", f"\n- [[{page['id']}]]\n- [[Postmortem: checkout outage", 1)
kb.call("PATCH", f"/pages/{index['id']}", {"body": listed})
URL = f"http://localhost:5130/pages/{page['id']}"
mail.call("POST", "/messages/send", {"to": TO, "subject": "Postmortem: checkout payment failures", "body": f"Hi Frank, hi Grace,\n\nthe postmortem is in the wiki: {URL}\n"})

PY
