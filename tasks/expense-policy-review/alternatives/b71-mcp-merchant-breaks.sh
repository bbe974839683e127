#!/bin/bash
# alternative (free text: rejection reason over MCP, approvals first): "<merchant> breaks the per-item limit of its category."
set -euo pipefail
python3 - <<'PY'
from mock_services.client import McpClient

m = McpClient("http://127.0.0.1:5005/mcp")
m.call("login", username="bob", password="bob-pass")
tools = {t["name"]: t["inputSchema"] for t in m.rpc("tools/list", {})["tools"]}
idkey = "report_id" if "report_id" in tools["get_report"]["properties"] else "id"
waiting = m.call("list_reports", scope="team", status="submitted", per_page=100)["items"]
reports = [m.call("get_report", **{idkey: s["id"]}) for s in waiting]
for r in sorted(reports, key=lambda r: any(i["over_limit"] for i in r["items"])):
    bad = [i["merchant"] for i in r["items"] if i["over_limit"]]
    if bad:
        word = "One line breaks" if len(bad) == 1 else f"{len(bad)} lines break"
        m.call("reject_report", **{idkey: r["id"], "reason":
               f"{' and '.join(bad)} breaks the per-item limit of its category."})
    else:
        m.call("approve_report", **{idkey: r["id"]})
PY
