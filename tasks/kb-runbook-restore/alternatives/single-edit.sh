#!/bin/bash
# Correct alternative without the restore operation: copies version 2's body into the page with
# one edit that also sets its labels plus verified (one new version), then resolves Heidi's
# request and handles the drafts.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient

kb = ServiceClient("http://127.0.0.1:5130/api").login("alice", "alice-pass")
pages = {p["title"]: p for p in kb.call("GET", "/pages?space=ENG&per_page=100")["items"]}
rid = pages["Database failover runbook"]["id"]
good = kb.call("GET", f"/pages/{rid}/versions/2")
kb.call("PATCH", f"/pages/{rid}", {"body": good["body"], "labels": good["labels"] + ["verified"],
                                   "message": "Copied back version 2 and verified it"})
(request,) = [c for c in kb.call("GET", f"/pages/{rid}/comments")["items"] if "put it back" in c["body"]]
kb.call("POST", f"/comments/{request['id']}/resolve", {})
kb.call("DELETE", f"/pages/{pages['Database failover runbook (rewrite)']['id']}")
kb.call("POST", f"/pages/{pages['Failover drill checklist']['id']}/publish", {})
PY
