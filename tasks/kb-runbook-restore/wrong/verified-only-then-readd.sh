#!/bin/bash
# WRONG: restores version 2 but sets the labels to runbook + verified only (drops database, oncall that v2 had).
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient
kb = ServiceClient("http://127.0.0.1:5130/api").login("alice", "alice-pass")
kb.call("POST", "/pages/5/restore", {"version": 2})
kb.call("PATCH", "/pages/5", {"labels": ["runbook", "verified"]})
for c in kb.call("GET", "/pages/5/comments?resolved=false")["items"]:
    if c["author"] == "heidi": kb.call("POST", f"/comments/{c['id']}/resolve", {})
kb.call("DELETE", "/pages/8")
kb.call("POST", "/pages/7/publish", {})
PY
