#!/bin/bash
# Correct alternative: the whole review over MCP tools (list_reports, get_report, approve_report,
# reject_report) with a differently worded reason ("<merchant>'s expense is over the limit").
set -euo pipefail
python3 - <<'PY'
from mock_services.client import McpClient
m = McpClient("http://127.0.0.1:5005/mcp"); m.call("login", username="bob", password="bob-pass")
tools = {t["name"]: t["inputSchema"] for t in m.rpc("tools/list", {})["tools"]}
print(tools["approve_report"], tools["reject_report"], tools["list_reports"])
ws = m.call("list_reports", scope="team", status="submitted", per_page=100)["items"]
for s in ws:
    idkey = "report_id" if "report_id" in tools["get_report"]["properties"] else "id"
    r = m.call("get_report", **{idkey: s["id"]})
    o = [i["merchant"] for i in r["items"] if i["over_limit"]]
    if o:
        m.call("reject_report", **{idkey: s["id"], "reason": "Sorry, I can't approve this: " + " and ".join(f"{x}'s expense" for x in o) + " is over the category limit."})
    else:
        m.call("approve_report", **{idkey: s["id"]})
PY
