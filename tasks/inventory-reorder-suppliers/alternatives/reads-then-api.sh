#!/bin/bash
# Correct alternative (JSON API, mail read first and marked read, quantities worked out from
# stock per bin): reads the delivery note and Bob's mail (marking them read), computes each low
# item's need from its bins and the open orders, orders it with the unit cost written out,
# receives the stoves, and replies to Ridgeline's note in other words, with her signature.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient

mail = ServiceClient("http://127.0.0.1:5001/api").login("alice", "alice-pass")
for m in mail.call("GET", "/messages?folder=inbox&per_page=50")["items"]:
    if "PO-1004" in m["subject"] or "dock" in m["subject"]:
        mail.call("PATCH", f"/messages/{m['id']}", {"read": True})
inv = ServiceClient("http://127.0.0.1:5120/api").login("alice", "alice-pass")
open_orders = [o for s in ("sent", "partly_received")
               for o in inv.call("GET", f"/purchase-orders?status={s}&per_page=100")["items"]]
lead = {s["name"]: s["lead_time_days"] for s in inv.call("GET", "/suppliers")["items"]}
for sku in ("TNT-2P", "GAS-230", "STV-CMP"):
    p = inv.call("GET", f"/products/{sku}")
    free = sum(l["on_hand"] - l["reserved"] for l in p["locations"])
    coming = sum(l["outstanding"] for o in open_orders for l in o["lines"] if l["sku"] == sku)
    need = p["reorder_point"] + p["reorder_quantity"] - free - coming
    print(sku, free, coming, need)
    if need > 0:
        po = inv.call("POST", "/purchase-orders", {
            "supplier": p["supplier"], "warehouse": "east",
            "expected_date": f"2026-03-{10 + lead[p['supplier']]:02d}",
            "lines": [{"sku": sku, "quantity": need, "unit_cost": p["cost"]}],
        })
        inv.call("POST", f"/purchase-orders/{po['code']}/send", {})
inv.call("POST", "/purchase-orders/po-1004/receive",
         {"bin": "EAST-RCV", "lines": [{"sku": "STV-CMP", "quantity": 12}]})
(note,) = mail.call("GET", "/messages?q=delivery%20note&folder=inbox")["items"]
mail.call("POST", f"/messages/{note['id']}/reply", {
    "body": "Dear Tom,\n\nconfirming receipt of twelve Compact Camp Stoves on PO-1004 this morning. "
            "Eight stoves and ten Camp Kettles remain open on the order; could you tell me the date "
            "you expect to ship them?\n\nKind regards,\nAlice Martin",
    "append_signature": True,
})
PY
