#!/bin/bash
# ALTERNATIVE (right): the same outcome in another order and other field forms: the filter
# transfer first, the stoves written off by their counted units (7, reason damage), the
# headlamps by a change of -5 (count correction to 19), with different notes.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient
inv = ServiceClient("http://127.0.0.1:5120/api").login("alice", "alice-pass")
print(inv.call("POST", "/stock/transfers", {"sku": "wtr-flt", "from_bin": "east-b-01", "to_bin": "east-b-02", "quantity": 6})["stock"])
print(inv.call("POST", "/stock/adjustments", {"sku": "STV-CMP", "bin": "EAST-B-02", "reason": "damage", "counted": 7, "note": "write-off: cracked burners"})["stock"])
print(inv.call("POST", "/stock/adjustments", {"sku": "HDL-200", "bin": "EAST-B-03", "reason": "count_correction", "change": -5, "note": "recount 19 (was 24)"})["stock"])
PY
