#!/bin/bash
# Reference solution of inventory-cycle-count: reads Bob's count sheet and his later recount in
# Alice's mail, then books them in the East DC's aisle B bins: the plain headlamps of EAST-B-03
# set to the recounted 19 (a count correction; the 6 held for Dave's order stay reserved), the
# 2 cracked stoves of EAST-B-02 written off as damage, and the 6 water filters moved from the
# apparel shelf EAST-B-01 to EAST-B-02. No other bin, product, order or mail is touched.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient

mail = ServiceClient("http://127.0.0.1:5001/api").login("alice", "alice-pass")
thread = mail.call("GET", "/messages?q=cycle%20count&per_page=100")["items"]
latest = max(thread, key=lambda m: m["date"])
print("latest count mail:", latest["subject"], latest["date"])

inventory = ServiceClient("http://127.0.0.1:5120/api").login("alice", "alice-pass")
note = "East DC aisle B cycle count (Bob)"
inventory.call(
    "POST",
    "/stock/adjustments",
    {"sku": "HDL-200", "bin": "EAST-B-03", "reason": "count_correction", "counted": 19,
     "note": note + ", recount"},
)
inventory.call(
    "POST",
    "/stock/adjustments",
    {"sku": "STV-CMP", "bin": "EAST-B-02", "reason": "damage", "change": -2,
     "note": "cracked burner heads, in the scrap cage"},
)
inventory.call(
    "POST",
    "/stock/transfers",
    {"sku": "WTR-FLT", "from_bin": "EAST-B-01", "to_bin": "EAST-B-02", "quantity": 6,
     "note": "found on the apparel shelf"},
)
for sku in ("HDL-200", "STV-CMP", "WTR-FLT"):
    print(sku, [(l["bin"], l["on_hand"], l["reserved"]) for l in inventory.call("GET", f"/products/{sku}")["locations"]])
PY
