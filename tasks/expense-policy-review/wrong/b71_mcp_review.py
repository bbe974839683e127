"""Shared by the b71 MCP scripts: Bob's review over the expense MCP tools, every approval before
any rejection; the rejection reason is given by the script from the over-limit merchants."""

from collections.abc import Callable

from mock_services.client import McpClient


def review_over_mcp(reason: Callable[[list[str]], str]) -> None:
    """Approve each submitted team report within policy, then reject the others with
    ``reason(merchants over their limit)``."""
    m = McpClient("http://127.0.0.1:5005/mcp")
    m.call("login", username="bob", password="bob-pass")
    tools = {t["name"]: t["inputSchema"] for t in m.rpc("tools/list", {})["tools"]}
    idkey = "report_id" if "report_id" in tools["get_report"]["properties"] else "id"
    waiting = m.call("list_reports", scope="team", status="submitted", per_page=100)["items"]
    reports = [m.call("get_report", **{idkey: s["id"]}) for s in waiting]
    for r in sorted(reports, key=lambda r: any(i["over_limit"] for i in r["items"])):
        bad = [i["merchant"] for i in r["items"] if i["over_limit"]]
        if bad:
            m.call("reject_report", **{idkey: r["id"], "reason": reason(bad)})
        else:
            m.call("approve_report", **{idkey: r["id"]})
