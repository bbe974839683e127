#!/bin/bash
# WRONG: the cracked stoves are taken off as a 'count_correction' (counted 7), not written off as damage; quantities all right.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient
inv = ServiceClient("http://127.0.0.1:5120/api").login("alice", "alice-pass")
mail = ServiceClient("http://127.0.0.1:5001/api").login("alice", "alice-pass")
def adj(sku, b, reason, **kw):
    print(inv.call("POST", "/stock/adjustments", {"sku": sku, "bin": b, "reason": reason, **kw})["stock"])
def mv(sku, f, t, q, note=""):
    print(inv.call("POST", "/stock/transfers", {"sku": sku, "from_bin": f, "to_bin": t, "quantity": q, "note": note})["stock"])
adj("HDL-200", "EAST-B-03", "count_correction", counted=19, note="East DC aisle B cycle count, recount")
adj('STV-CMP', 'EAST-B-02', 'count_correction', counted=7, note='2 cracked, in scrap cage')
mv("WTR-FLT", "EAST-B-01", "EAST-B-02", 6, "found on the apparel shelf")
PY
