#!/bin/bash
# WRONG: restores version 1 (pg-replica-1, Postgres 14, no fencing: obsolete since the October migration).
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient
kb = ServiceClient("http://127.0.0.1:5130/api").login("alice", "alice-pass")
RB, REWRITE, CHECK = 5, 8, 7
def heidi():
    return [c for c in kb.call("GET", f"/pages/{RB}/comments?resolved=false")["items"] if c["author"] == "heidi"][0]
good = kb.call("GET", f"/pages/{RB}/versions/1")
kb.call("POST", f"/pages/{RB}/restore", {"version": 1})
kb.call("PATCH", f"/pages/{RB}", {"labels": [*good["labels"], "verified"]})
kb.call("POST", f"/comments/{heidi()['id']}/resolve", {})
kb.call("DELETE", f"/pages/{REWRITE}")
kb.call("POST", f"/pages/{CHECK}/publish", {})
PY
