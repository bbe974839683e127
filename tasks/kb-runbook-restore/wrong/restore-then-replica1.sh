#!/bin/bash
# WRONG: restores version 2, then "corrects" the target back to pg-replica-1 (the decommissioned replica
# from version 1 / Frank's abandoned rewrite), labels + verified, resolves Heidi's comment, drafts handled.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient
kb = ServiceClient("http://127.0.0.1:5130/api").login("alice", "alice-pass")
kb.call("POST", "/pages/5/restore", {"version": 2})
p = kb.call("GET", "/pages/5")
kb.call("PATCH", "/pages/5", {"body": p["body"].replace("pg-replica-2", "pg-replica-1"), "labels": p["labels"] + ["verified"]})
for c in kb.call("GET", "/pages/5/comments?resolved=false")["items"]:
    if c["author"] == "heidi": kb.call("POST", f"/comments/{c['id']}/resolve", {})
kb.call("DELETE", "/pages/8")
kb.call("POST", "/pages/7/publish", {})
PY
