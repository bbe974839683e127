#!/bin/bash
# Correct alternative, another order and another way to the same content: publishes the
# checklist and deletes the rewrite draft first; then restores version 3 and corrects by hand
# the one thing Frank's comment says it got wrong (300 s back to 30 s), with the labels in the
# same edit, which leaves exactly version 2's content; resolves Frank's note as well as Heidi's
# request and leaves a comment saying what was done.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient

kb = ServiceClient("http://127.0.0.1:5130/api").login("alice", "alice-pass")
drafts = {p["title"]: p for p in kb.call("GET", "/pages?space=ENG&status=draft&per_page=100")["items"]}
kb.call("POST", f"/pages/{drafts['Failover drill checklist']['id']}/publish", {"message": "Ready for the drill"})
kb.call("DELETE", f"/pages/{drafts['Database failover runbook (rewrite)']['id']}")
(hit,) = [h for h in kb.call("GET", "/search?q=failover%20runbook&space=ENG")["items"]
          if h["page"]["title"] == "Database failover runbook"]
rid = hit["page"]["id"]
kb.call("POST", f"/pages/{rid}/restore", {"version": 3})
page = kb.call("GET", f"/pages/{rid}")
body = page["body"].replace("fails for 300 s", "fails for 30 s").replace("-t 300`", "-t 30`")
kb.call("PATCH", f"/pages/{rid}", {"body": body, "labels": page["labels"] + ["verified"],
                                   "message": "Health check back to 30 s (see Frank's comment)"})
for comment in kb.call("GET", f"/pages/{rid}/comments?resolved=false")["items"]:
    kb.call("POST", f"/comments/{comment['id']}/resolve", {})
kb.call("POST", f"/pages/{rid}/comments", {"body": "Put back to the October content (30 s health check, pg-replica-2)."})
PY
