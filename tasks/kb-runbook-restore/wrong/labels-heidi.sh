#!/bin/bash
# WRONG: restores v2 body by PATCH but keeps Heidi's labels (finance, notes) plus verified.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient
kb = ServiceClient("http://127.0.0.1:5130/api").login("alice", "alice-pass")
RB, REWRITE, CHECK = 5, 8, 7
def heidi():
    return [c for c in kb.call("GET", f"/pages/{RB}/comments?resolved=false")["items"] if c["author"] == "heidi"][0]
good = kb.call("GET", f"/pages/{RB}/versions/2")
kb.call("PATCH", f"/pages/{RB}", {"body": good["body"], "labels": ["finance", "notes", "verified"]})
kb.call("POST", f"/comments/{heidi()['id']}/resolve", {})
kb.call("DELETE", f"/pages/{REWRITE}")
kb.call("POST", f"/pages/{CHECK}/publish", {})
PY
