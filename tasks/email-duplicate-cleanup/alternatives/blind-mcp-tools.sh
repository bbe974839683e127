#!/bin/bash
# Correct alternative: over the webmail's MCP tools: list_messages(inbox), get_message each,
# group exact copies, bulk_action trash on the extras.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import McpClient
m = McpClient("http://127.0.0.1:5001/mcp"); m.call("login", username="alice", password="alice-pass")
its = m.call("list_messages", folder="inbox", per_page=100)["items"]
seen, extra = set(), []
for s in sorted(its, key=lambda x: x["id"]):
    f = m.call("get_message", message_id=s["id"])
    k = (f["from_address"], f["subject"], f["date"], f["body"])
    if k in seen: extra.append(f["id"])
    seen.add(k)
print(m.call("bulk_action", ids=extra, action="trash"))
PY
