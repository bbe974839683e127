#!/bin/bash
# ALT (correct): through the kb MCP tools, other order: drafts first (publish checklist, delete rewrite),
# then restore_version 2, relabel (restored labels + verified), resolve Heidi's comment.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import McpClient
kb = McpClient("http://127.0.0.1:5130/mcp")
kb.call("login", username="alice", password="alice-pass")
kb.call("publish_page", page_id=7)
kb.call("delete_page", page_id=8)
kb.call("restore_version", page_id=5, version=2, message="Back to version 2 (before the 300 s change and the overwrite)")
page = kb.call("get_page", page_id=5)
kb.call("update_page", page_id=5, labels=sorted(set(page["labels"]) | {"verified"}))
cs = kb.call("list_comments", page_id=5)
items = cs["items"] if isinstance(cs, dict) else cs
(h,) = [c for c in items if c["author"] == "heidi" and not c.get("resolved")]
kb.call("resolve_comment", comment_id=h["id"])
PY
