#!/bin/bash
# ALTERNATIVE (right): everything through the MCP servers: reads the delivery note and Bob's
# dock mail with the email tools, receives 12 stoves into EAST-RCV with receive_purchase_order,
# works out the low items with list_low_stock / list_suppliers, creates and sends one order per
# own supplier (22 tents to Summit due 03-20, 50 canisters to Alpine due 03-15) with the
# inventory tools, and replies to Ridgeline's delivery note with the email reply tool.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import McpClient
from collections import defaultdict
from datetime import date, timedelta


mail = McpClient("http://127.0.0.1:5001/mcp"); mail.call("login", username="alice", password="alice-pass")
inv = McpClient("http://127.0.0.1:5120/mcp"); inv.call("login", username="alice", password="alice-pass")
mtools = {t["name"]: t for t in mail.rpc("tools/list", {})["tools"]}
print(sorted(mtools))
found = mail.call("list_messages", q="PO-1004", folder="inbox", per_page=50)["items"]
for m in found: print(m["id"], m["date"], m["subject"])
note = [m for m in found if m["subject"].startswith("Delivery note")][0]
today = date.fromisoformat(note["date"][:10])  # 07:50 New York = 11:50Z, same day

print(inv.call("receive_purchase_order", code="PO-1004", lines=[{"sku": "STV-CMP", "quantity": 12, "bin": "EAST-RCV"}])["status"])
lead = {s["name"]: s["lead_time_days"] for s in inv.call("list_suppliers")["items"]}
orders = defaultdict(list)
for p in inv.call("list_low_stock", per_page=100)["items"]:
    need = p["reorder_point"] + p["reorder_quantity"] - p["available"] - p["on_order"]
    print(p["sku"], p["supplier"], need)
    if need > 0: orders[p["supplier"]].append({"sku": p["sku"], "quantity": need})
for sup, lines in orders.items():
    po = inv.call("create_purchase_order", supplier=sup, warehouse="EAST", lines=lines, expected_date=(today + timedelta(days=lead[sup])).isoformat())
    sent = inv.call("send_purchase_order", code=po["code"])
    print(sent["code"], sent["status"], sent["expected_date"], sent["lines"])
po = inv.call("get_purchase_order", code="PO-1004")
rest = "; ".join(f"{l['outstanding']} {l['product_name']} ({l['sku']})" for l in po["lines"] if l["outstanding"])
body = ("Hello Tom,\n\nWe booked in this morning's part delivery against PO-1004: 12 Compact Camp Stoves "
        f"(STV-CMP) arrived at the East Coast DC.\n\nStill open on PO-1004: {rest}.\n"
        "When can you deliver the remaining items?\n\nThanks,\nAlice")
r = mail.call("reply_message" if "reply_message" in mtools else [n for n in mtools if "reply" in n and "all" not in n][0], message_id=note["id"], body=body)
print(r.get("subject"), r.get("to"))
PY
