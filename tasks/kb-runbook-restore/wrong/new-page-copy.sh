#!/bin/bash
# WRONG: outcome in the wrong place: leaves Heidi's notes on the runbook page and creates a new page
# "Database failover runbook (restored)" with version 2's content and labels + verified; resolves Heidi's comment; drafts handled.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient
kb = ServiceClient("http://127.0.0.1:5130/api").login("alice", "alice-pass")
v2 = kb.call("GET", "/pages/5/versions/2")
kb.call("POST", "/pages", {"space": "ENG", "parent_id": 2, "title": "Database failover runbook (restored)", "body": v2["body"], "labels": v2["labels"] + ["verified"]})
for c in kb.call("GET", "/pages/5/comments?resolved=false")["items"]:
    if c["author"] == "heidi": kb.call("POST", f"/comments/{c['id']}/resolve", {})
kb.call("DELETE", "/pages/8")
kb.call("POST", "/pages/7/publish", {})
PY
