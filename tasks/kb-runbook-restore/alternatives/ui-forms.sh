#!/bin/bash
# Correct alternative: the web UI's forms as a browser submits them: the history's restore form
# (version 2), the edit form with every field filled as the page shows it plus the verified
# label, the comment's Resolve button, the draft's Delete button and the checklist's Publish
# form; ids read over the API, as a person reads them off the pages.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from mock_services.client import ServiceClient
from web_channels import Browser

api = ServiceClient("http://127.0.0.1:5130/api").login("alice", "alice-pass")
web = Browser("alice", "alice-pass")
pages = {p["title"]: p for p in api.call("GET", "/pages?space=ENG&per_page=100")["items"]}
runbook = pages["Database failover runbook"]["id"]
web.post(f"/pages/{runbook}/restore", {"version": "2", "message": ""})
page = api.call("GET", f"/pages/{runbook}")
web.post(f"/pages/{runbook}/edit", {"title": page["title"], "body": page["body"],
                                    "labels": ", ".join([*page["labels"], "verified"]),
                                    "message": "Checked against the comments"})
comments = api.call("GET", f"/pages/{runbook}/comments?resolved=false")["items"]
(request,) = [c for c in comments if c["author"] == "heidi"]
web.post(f"/comments/{request['id']}/resolve", {})
web.post(f"/pages/{pages['Database failover runbook (rewrite)']['id']}/delete", {})
web.post(f"/pages/{pages['Failover drill checklist']['id']}/publish", {"message": ""})
PY
