#!/bin/bash
# Correct alternative: the whole job through the wiki's MCP tools (streamable HTTP): reads the
# history and comments, restores version 2, adds the verified label, resolves Heidi's request,
# deletes Frank's rewrite draft and publishes the drill checklist.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from web_channels import mcp as wiki_session

mcp = wiki_session()
pages = mcp.call("list_pages", space="ENG", per_page=100)["items"]
byname = {p["title"]: p for p in pages}
runbook = byname["Database failover runbook"]["id"]
versions = mcp.call("list_versions", page_id=runbook)["items"]
good = next(v for v in versions if "pg-replica-2" in v["message"])
mcp.call("restore_version", page_id=runbook, version=good["number"], message="Back to the last good version")
mcp.call("update_page", page_id=runbook, labels=[*good["labels"], "verified"], message="Verified")
comments = mcp.call("list_comments", page_id=runbook, resolved=False)["items"]
heidi = next(c for c in comments if c["author"] == "heidi")
mcp.call("resolve_comment", comment_id=heidi["id"])
mcp.call("delete_page", page_id=byname["Database failover runbook (rewrite)"]["id"])
mcp.call("publish_page", page_id=byname["Failover drill checklist"]["id"])
PY
