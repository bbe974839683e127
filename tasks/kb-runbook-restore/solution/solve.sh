#!/bin/bash
# Reference solution of kb-runbook-restore: restores version 2 of the Engineering runbook (the
# one before Dave's 300 s health-check error in version 3 and Heidi's overwrite in version 4,
# after Frank's move off the decommissioned pg-replica-1), adds the `verified` label, resolves
# Heidi's request, discards Frank's abandoned rewrite draft and publishes Alice's drill
# checklist, all over the JSON API.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient

kb = ServiceClient("http://127.0.0.1:5130/api").login("alice", "alice-pass")
pages = kb.call("GET", "/pages?space=ENG&per_page=100")["items"]
(runbook,) = [p for p in pages if p["status"] == "published" and p["title"].endswith("failover runbook")]
(rewrite,) = [p for p in pages if p["status"] == "draft" and p["title"] == f"{runbook['title']} (rewrite)"]
(checklist,) = [
    p for p in pages
    if p["status"] == "draft" and p["author"] == "alice" and p["title"].startswith("Failover drill")
]

good = kb.call("GET", f"/pages/{runbook['id']}/versions/2")
kb.call("POST", f"/pages/{runbook['id']}/restore", {"version": 2, "message": "Restore the last good version"})
kb.call("PATCH", f"/pages/{runbook['id']}", {"labels": [*good["labels"], "verified"], "message": "Checked"})
comments = kb.call("GET", f"/pages/{runbook['id']}/comments?resolved=false")["items"]
(request,) = [c for c in comments if c["author"] == "heidi"]
kb.call("POST", f"/comments/{request['id']}/resolve", {})

kb.call("DELETE", f"/pages/{rewrite['id']}")
kb.call("POST", f"/pages/{checklist['id']}/publish", {})
PY
