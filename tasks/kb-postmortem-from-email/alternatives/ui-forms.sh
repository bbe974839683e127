#!/bin/bash
# Correct alternative: the web forms as a browser submits them: the wiki's new-page form (a
# draft first), its edit form for the index (every field filled as shown, the link added by
# page id as [[id|title]]), the Publish button, then the webmail's compose form.
set -euo pipefail
python3 - <<'PY'
import re
import requests

KB, MAIL = "http://127.0.0.1:5130", "http://127.0.0.1:5001"
kb, mail = requests.Session(), requests.Session()
for s, base in ((kb, KB), (mail, MAIL)):
    s.post(f"{base}/login", data={"username": "alice", "password": "alice-pass"}).raise_for_status()
pages = kb.get(f"{KB}/api/pages?space=ENG&per_page=100").json()["items"]
(index,) = [p for p in pages if p["title"] == "Incident reports"]
body = """# Postmortem: checkout payment failures (1 December)

## Summary
Card payments at checkout failed on Tuesday from 9:14 am to 10:52 am UTC.

## Timeline
09:14 certificate expired - 10:47 certificate renewed - 10:52 errors stopped

## Root cause
The TLS cert of the payments gateway expired; the load balancer change was not the cause.

## Impact
1,312 failed checkouts.

## Action items
| action | owner | due |
|---|---|---|
| certificate expiry monitoring, 30 days ahead | Frank | December 11 |
| apology and voucher for affected customers | Grace | December 4 |
"""
r = kb.post(f"{KB}/pages", data={"space": "ENG", "parent_id": str(index["id"]),
            "title": "Postmortem: checkout payment failures (1 December)", "body": body,
            "labels": "postmortem", "status": "draft", "message": ""})
r.raise_for_status()
page_id = int(re.search(r"/pages/(\d+)$", r.url).group(1))
kb.post(f"{KB}/pages/{page_id}/publish", data={"message": "Ready"}).raise_for_status()
shown = kb.get(f"{KB}/api/pages/{index['id']}").json()
kb.post(f"{KB}/pages/{index['id']}/edit", data={
    "title": shown["title"], "labels": ", ".join(shown["labels"]), "message": "",
    "body": shown["body"] + f"- [[{page_id}|Checkout payment failures, 1 December]]\n",
}).raise_for_status()
mail.post(f"{MAIL}/compose", data={
    "mode": "new", "to": "frank@example.test, grace@example.test", "cc": "", "bcc": "",
    "subject": "Write-up of Tuesday's incident",
    "body": f"Hi both,\n\nhttp://localhost:5130/pages/{page_id}\n\nAlice",
}).raise_for_status()
PY
