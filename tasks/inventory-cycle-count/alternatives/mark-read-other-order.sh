#!/bin/bash
# Correct alternative (another order, mail marked read): reads the whole count thread and marks
# each message read, then moves the filters first, writes off the stoves by their count (7,
# damage) and corrects the headlamps by -5 with its own note wording, all through the JSON API.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient

mail = ServiceClient("http://127.0.0.1:5001/api").login("alice", "alice-pass")
for m in mail.call("GET", "/messages?q=aisle&per_page=50")["items"]:
    full = mail.call("GET", f"/messages/{m['id']}")
    print(full["date"], full["subject"])
    mail.call("PATCH", f"/messages/{m['id']}", {"read": True})

inv = ServiceClient("http://127.0.0.1:5120/api").login("alice", "alice-pass")
inv.call("POST", "/stock/transfers",
         {"sku": "wtr-flt", "from_bin": "east-b-01", "to_bin": "east-b-02", "quantity": 6})
inv.call("POST", "/stock/adjustments",
         {"sku": "STV-CMP", "bin": "EAST-B-02", "reason": "damage", "counted": 7})
inv.call("POST", "/stock/adjustments",
         {"sku": "HDL-200", "bin": "EAST-B-03", "reason": "count_correction", "change": -5,
          "note": "Cycle count 9 March: 19 on the shelf incl. Northwind's 6"})
PY
