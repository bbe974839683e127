#!/bin/bash
# ALTERNATIVE (right): through the finance MCP server: reconcile (suggestions), get_statement,
# list_merchants, then record_payment per bill for its supplier's earliest posted charge this month,
# categorize_transaction to the supplier's default, and update_transaction on the later duplicate.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import McpClient
import sys

m = McpClient("http://127.0.0.1:5140/mcp")
m.call("login", username="alice", password="alice-pass")
usual = {x["name"]: x["category"] for x in m.call("list_merchants")["items"]}
txns = m.call("list_transactions", account_id=1, start="2026-03-01", status="posted", per_page=100)["items"]
bills = m.call("list_invoices", direction="received", status="unpaid", per_page=100)["items"]
out = sorted((t for t in txns if t["amount"] < 0), key=lambda t: (t["date"], t["id"]))
for bill in bills:
    charges = [t for t in out if t["merchant"] == bill["contact"]]
    if not charges:
        continue
    first = charges[0]
    m.call("record_payment", code=bill["code"], transaction_id=first["id"])
    if first["category"] != usual[bill["contact"]]:
        m.call("categorize_transaction", transaction_id=first["id"], category=usual[bill["contact"]])
    for t in charges[1:]:
        if t["amount"] == first["amount"]:
            m.call("update_transaction", transaction_id=t["id"],
                   memo=f"{t['memo']} | Duplicate charge of {bill['number']} (already paid {first['date']}) - dispute")
PY
