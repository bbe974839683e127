#!/bin/bash
# ALTERNATIVE (right): everything through the three MCP servers (crm, finance, email tools):
# read Ingrid's latest mail, update_deal to closed won at 21,750, void_invoice the stale draft,
# create_invoice + finalize_invoice to Lindqvist Architects due in 45 days, then reply to her mail.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import McpClient
import re, sys
from datetime import date, timedelta

crm, fin, mail = (McpClient(f"http://127.0.0.1:{p}/mcp") for p in (5110, 5140, 5001))
for m in (crm, fin, mail):
    m.call("login", username="alice", password="alice-pass")
msgs = mail.call("list_messages", q="redesign", folder="inbox")["items"]
latest = max((x for x in msgs if x["from_address"].startswith("ingrid")), key=lambda x: x["date"])
body = mail.call("get_message", message_id=latest["id"])["body"]
amount = float(re.search(r"USD ([\d,]+)", body).group(1).replace(",", ""))
days = int(re.search(r"(\d+) days", body).group(1))
deals = crm.call("list_deals", q="website redesign", open=True)["items"]
(deal,) = [d for d in deals if d["account_name"] == "Lindqvist Architects"]
crm.call("update_deal", deal_id=deal["id"], stage="closed_won", amount=amount)
for d in fin.call("list_invoices", contact="Lindqvist Architects", status="draft")["items"]:
    fin.call("void_invoice", code=d["code"])
today = date(2026, 3, 16)
inv = fin.call("create_invoice", direction="issued", contact="Lindqvist Architects",
               issued_on=today.isoformat(), due_on=(today + timedelta(days=days)).isoformat(), currency="USD",
               lines=[{"description": "Website redesign: design, build, CMS, launch", "quantity": 1, "unit_price": 20500},
                      {"description": "Stock image licence (up to 20 images)", "quantity": 1, "unit_price": 1250}],
               memo="Net 45")
inv = fin.call("finalize_invoice", code=inv["code"])
assert inv["total"] == amount and inv["status"] == "open", inv
due = date.fromisoformat(inv["due_on"])
mail.call("reply", message_id=latest["id"],
          body=f"Hi Ingrid,\n\nDone: invoice {inv['code']} has been issued to your accounts payable "
               f"for USD {amount:,.0f}, due {due.strftime('%B %-d, %Y')}.\n\nKind regards,\nAlice")
PY
