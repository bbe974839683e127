#!/bin/bash
# ALTERNATIVE (right; a browsing agent's wording, 2026-12-03): receives the 12 stoves first,
# orders the rest, then replies to the delivery note with the counts as a list under a heading
# ("Still outstanding on PO-1004:" then "- 8 x STV-CMP ..."), and no count in the subject.
set -euo pipefail
python3 - <<'PY'
from collections import defaultdict
from datetime import date, timedelta
from mock_services.client import ServiceClient
mail = ServiceClient("http://127.0.0.1:5001/api").login("alice", "alice-pass")
inv = ServiceClient("http://127.0.0.1:5120/api").login("alice", "alice-pass")
today = date(2026, 3, 10)  # the mails of this morning
inv.call("POST", "/purchase-orders/PO-1004/receive", {"lines": [{"sku": "STV-CMP", "quantity": 12, "bin": "EAST-RCV"}]})
sup = {s["name"]: s for s in inv.call("GET", "/suppliers")["items"]}
orders = defaultdict(list)
for p in inv.call("GET", "/products?per_page=100")["items"]:
    need = p["reorder_point"] + p["reorder_quantity"] - p["available"] - p["on_order"]
    if p["available"] <= p["reorder_point"] and need > 0:
        orders[p["supplier"]].append({"sku": p["sku"], "quantity": need, "unit_cost": p["cost"]})
for name in sorted(orders):
    o = inv.call("POST", "/purchase-orders", {"supplier": name, "warehouse": "EAST",
        "expected_date": (today + timedelta(days=sup[name]["lead_time_days"])).isoformat(), "lines": orders[name]})
    inv.call("POST", f"/purchase-orders/{o['code']}/send", {})
(note,) = mail.call("GET", "/messages?q=PO-1004&folder=inbox&per_page=50")["items"][:1]
body = ("Dear Tom,\n\nThank you. Today we received part of purchase order PO-1004 at our East Coast DC:\n\n"
        "Received: 12 x STV-CMP Compact Camp Stove\n\nStill outstanding on PO-1004:\n"
        "- 8 x STV-CMP Compact Camp Stove\n- 10 x KTL-1L Camp Kettle 1 L\n\n"
        "When will you deliver the rest? Please let me know the expected delivery date for the "
        "outstanding items.\n\nKind regards,\nAlice")
print(mail.call("POST", f"/messages/{note['id']}/reply", {"body": body})["subject"])
PY
