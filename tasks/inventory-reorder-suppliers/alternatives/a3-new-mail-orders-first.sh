#!/bin/bash
# ALTERNATIVE (right): another order and wording: orders first (the stoves are then still low,
# but 4 available + 20 on PO-1004 already reach 8 + 16, so no new stove order), then receives
# the 12 stoves into EAST-RCV, then writes Ridgeline a fresh mail (not a reply) to the
# supplier's address on file, worded differently, with the same facts and question.
set -euo pipefail
python3 - <<'PY'
from collections import defaultdict
from datetime import date, timedelta
from mock_services.client import ServiceClient
mail = ServiceClient("http://127.0.0.1:5001/api").login("alice", "alice-pass")
inv = ServiceClient("http://127.0.0.1:5120/api").login("alice", "alice-pass")
today = date(2026, 3, 10)  # the mails of this morning
sup = {s["name"]: s for s in inv.call("GET", "/suppliers")["items"]}
orders = defaultdict(list)
for p in inv.call("GET", "/products?per_page=100")["items"]:
    if p["available"] > p["reorder_point"]:
        continue
    need = p["reorder_point"] + p["reorder_quantity"] - p["available"] - p["on_order"]
    print(p["sku"], p["available"], p["on_order"], need)
    if need > 0:
        orders[p["supplier"]].append({"sku": p["sku"], "quantity": need, "unit_cost": p["cost"]})
for name in sorted(orders):
    o = inv.call("POST", "/purchase-orders", {"supplier": name, "warehouse": "EAST", "notes": "Restock",
        "expected_date": (today + timedelta(days=sup[name]["lead_time_days"])).isoformat(), "lines": orders[name]})
    print(inv.call("POST", f"/purchase-orders/{o['code']}/send", {})["status"], o["code"], name, orders[name])
print(inv.call("POST", "/purchase-orders/PO-1004/receive", {"lines": [{"sku": "STV-CMP", "quantity": 12, "bin": "EAST-RCV"}]})["status"])
r = sup["Ridgeline Cookware"]
body = (f"Hi {r['contact_name'].split()[0]},\n\n"
        "Your part delivery for PO-1004 arrived today and is booked in: 12 x STV-CMP Compact Camp Stove.\n\n"
        "That leaves open on PO-1004:\n- 8 x STV-CMP Compact Camp Stove\n- 10 x KTL-1L Camp Kettle 1 L\n\n"
        "What date can we expect the backordered items?\n\nRegards,\nAlice Martin\nOperations manager")
print(mail.call("POST", "/messages/send", {"to": [r["email"]], "subject": "PO-1004 backorder: 8 stoves and 10 kettles outstanding", "body": body})["subject"])
PY
