#!/bin/bash
# Reference solution of inventory-reorder-suppliers: receives the 12 stoves Ridgeline delivered
# on PO-1004 into the East DC's receiving dock; then, for each product at or below its reorder
# point, orders from its own supplier (never the discount wholesaler's offer) what brings its
# available stock plus what is still on order up to reorder point plus reorder quantity (the
# stoves are covered by the rest of PO-1004), one order per supplier at the usual cost, due
# after the supplier's lead time, and sends it; finally replies to Ridgeline's delivery note
# with what came and what is still outstanding, asking when the rest will follow.
set -euo pipefail
python3 - <<'PY'
from collections import defaultdict
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from mock_services.client import ServiceClient

mail = ServiceClient("http://127.0.0.1:5001/api").login("alice", "alice-pass")
inv = ServiceClient("http://127.0.0.1:5120/api").login("alice", "alice-pass")

(note,) = mail.call("GET", "/messages?q=delivery%20note&folder=inbox&per_page=50")["items"]
today = datetime.fromisoformat(note["date"].replace("Z", "+00:00"))
today = today.astimezone(ZoneInfo("America/New_York")).date()

inv.call("POST", "/purchase-orders/PO-1004/receive",
         {"lines": [{"sku": "STV-CMP", "quantity": 12, "bin": "EAST-RCV"}]})

suppliers = {s["name"]: s for s in inv.call("GET", "/suppliers")["items"]}
orders = defaultdict(list)
for product in inv.call("GET", "/low-stock?per_page=100")["items"]:
    target = product["reorder_point"] + product["reorder_quantity"]
    needed = target - product["available"] - product["on_order"]
    print(product["sku"], product["available"], product["on_order"], "->", needed)
    if needed > 0:
        orders[product["supplier"]].append({"sku": product["sku"], "quantity": needed})
for supplier, lines in orders.items():
    due = today + timedelta(days=suppliers[supplier]["lead_time_days"])
    order = inv.call("POST", "/purchase-orders", {
        "supplier": supplier, "warehouse": "EAST", "expected_date": due.isoformat(), "lines": lines,
    })
    inv.call("POST", f"/purchase-orders/{order['code']}/send", {})
    print("sent", order["code"], supplier, lines, due)

po = inv.call("GET", "/purchase-orders/PO-1004")
got = {l["sku"]: l["received_quantity"] for l in po["lines"]}
owed = [f"{l['outstanding']} x {l['product_name']} ({l['sku']})" for l in po["lines"] if l["outstanding"]]
body = (
    "Dear Tom,\n\n"
    f"Thank you for today's part delivery on PO-1004: we have received {got['STV-CMP']} "
    "Compact Camp Stoves (STV-CMP) at our East Coast DC.\n\n"
    f"Still outstanding on PO-1004: {' and '.join(owed)}. "
    "Could you let me know when you expect to deliver the rest?\n\n"
    "Best regards,\nAlice Martin"
)
mail.call("POST", f"/messages/{note['id']}/reply", {"body": body})
print(body)
PY
