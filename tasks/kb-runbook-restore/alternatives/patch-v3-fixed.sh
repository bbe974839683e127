#!/bin/bash
# ALT (correct): no restore; PATCHes body = version 3 with the 300 s fixed back to 30 s (identical text to version 2) and labels v2 + verified in one save.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient
kb = ServiceClient("http://127.0.0.1:5130/api").login("alice", "alice-pass")
RB, REWRITE, CHECK = 5, 8, 7
def heidi():
    return [c for c in kb.call("GET", f"/pages/{RB}/comments?resolved=false")["items"] if c["author"] == "heidi"][0]
v3 = kb.call("GET", f"/pages/{RB}/versions/3")
body = v3["body"].replace("300 s", "30 s").replace("-t 300", "-t 30")
assert body == kb.call("GET", f"/pages/{RB}/versions/2")["body"]
kb.call("PATCH", f"/pages/{RB}", {"body": body, "labels": ["database", "oncall", "runbook", "verified"], "message": "Back to the good content"})
kb.call("POST", f"/comments/{heidi()['id']}/resolve", {})
kb.call("POST", f"/pages/{CHECK}/publish", {})
kb.call("DELETE", f"/pages/{REWRITE}")
PY
