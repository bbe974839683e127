#!/bin/bash
# ALTERNATIVE (right): through the finance and email MCP servers: list_messages / get_message /
# get_attachment to read NP-2318, create_invoice as a draft then finalize_invoice (approve),
# add_transaction out of Business Checking, record_payment, and reply to the invoice mail.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import McpClient
import base64, re, sys

mail, fin = McpClient("http://127.0.0.1:5001/mcp"), McpClient("http://127.0.0.1:5140/mcp")
for m in (mail, fin):
    m.call("login", username="alice", password="alice-pass")
msgs = mail.call("list_messages", q="spring catalogue", has_attachment=True)["items"]
msg = mail.call("get_message", message_id=msgs[0]["id"])
att = mail.call("get_attachment", message_id=msg["id"], attachment_id=msg["attachments"][0]["id"])
text = base64.b64decode(att["content_base64"]).decode()
assert "NP-2318" in text and "1,274.40" in text, text
accounts = fin.call("list_accounts")
checking = next(a for a in (accounts["items"] if isinstance(accounts, dict) else accounts) if a["name"] == "Business Checking")
bill = fin.call("create_invoice", direction="received", contact="Northside Print Co.", number="NP-2318",
                issued_on="2026-03-17", due_on="2026-04-07", currency="USD",
                lines=[{"description": "Spring catalogue print run, 1,500 copies", "quantity": 1, "unit_price": 1185.00},
                       {"description": "Rush proofing, 2 rounds", "quantity": 1, "unit_price": 89.40}],
                memo="Spring catalogue")
bill = fin.call("finalize_invoice", code=bill["code"])
txn = fin.call("add_transaction", account_id=checking["id"], amount=-1274.40, merchant="Northside Print Co.",
               category="Printing", memo="Transfer to Northside Print, ref NP-2318")
paid = fin.call("record_payment", code=bill["code"], transaction_id=txn["id"])
assert paid["status"] == "paid", paid
mail.call("reply", message_id=msg["id"], body=(
    "Hi,\n\nInvoice NP-2318 is booked and has been paid in full: USD 1,274.40, transferred on "
    "20 March 2026.\n\nKind regards,\nAlice"))
PY
