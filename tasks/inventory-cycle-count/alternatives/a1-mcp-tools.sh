#!/bin/bash
# ALTERNATIVE (right): everything over the MCP servers at /mcp, as an MCP-only agent would:
# reads Bob's thread with the email server's tools, then books the recount (19), the damage
# write-off and the transfer with the inventory server's adjust_stock / transfer_stock tools.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import McpClient


mail = McpClient("http://127.0.0.1:5001/mcp"); mail.call("login", username="alice", password="alice-pass")
inv = McpClient("http://127.0.0.1:5120/mcp"); inv.call("login", username="alice", password="alice-pass")
tools = mail.tools()
print("mail tools:", tools)
lst = [t for t in tools if t in ("list_messages", "search_messages")][0]
msgs = mail.call(lst, q="cycle count", per_page=50)
items = msgs.get("items", msgs) if isinstance(msgs, dict) else msgs
for m in sorted(items, key=lambda m: m["date"]):
    print(m["date"], m["subject"])
print(inv.call("adjust_stock", sku="HDL-200", bin="EAST-B-03", reason="count_correction", counted=19, note="Aisle B cycle count, Bob's recount (19 incl. 6 reserved for SO-2007)")["stock"])
print(inv.call("adjust_stock", sku="STV-CMP", bin="EAST-B-02", reason="damage", change=-2, note="2 cracked burner heads, moved to scrap cage")["stock"])
print(inv.call("transfer_stock", sku="WTR-FLT", from_bin="EAST-B-01", to_bin="EAST-B-02", quantity=6, note="filters were on the apparel shelf")["stock"])
PY
