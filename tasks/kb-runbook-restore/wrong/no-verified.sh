#!/bin/bash
# WRONG: restores v2 but labels not touched: no 'verified' label.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient
kb = ServiceClient("http://127.0.0.1:5130/api").login("alice", "alice-pass")
RB, REWRITE, CHECK = 5, 8, 7
def heidi():
    return [c for c in kb.call("GET", f"/pages/{RB}/comments?resolved=false")["items"] if c["author"] == "heidi"][0]
kb.call("POST", f"/pages/{RB}/restore", {"version": 2})
kb.call("POST", f"/comments/{heidi()['id']}/resolve", {})
kb.call("DELETE", f"/pages/{REWRITE}")
kb.call("POST", f"/pages/{CHECK}/publish", {})
PY
