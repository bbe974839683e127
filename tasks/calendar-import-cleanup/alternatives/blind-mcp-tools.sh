#!/bin/bash
# Correct alternative: over the calendar's MCP tools: list_events over a wide range, group exact
# duplicates (title, start, end, non-recurring instance), delete_event the extra copies.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import McpClient
m = McpClient("http://127.0.0.1:5006/mcp"); m.call("login", username="alice", password="alice-pass")
items = m.call("list_events", start="2026-02-20T00:00:00", end="2026-04-30T00:00:00", per_page=100)["items"]
seen, extra = {}, []
for e in sorted(items, key=lambda e: e["id"]):
    if e.get("occurrence_index"): continue
    k = (e["title"], e["start"], e["end"])
    if k in seen and seen[k] != e["id"]: extra.append(e["id"])
    seen.setdefault(k, e["id"])
for i in extra: m.call("delete_event", event_id=i)
print(extra)
PY
