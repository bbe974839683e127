#!/bin/bash
# wrong (right result plus one extra change): cancels exactly the three repeats, then also sets a phone number on the profile, which the instruction said not to change.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient

shop = ServiceClient("http://localhost:1234/api").login("alice", "alice-pass")
for code in ("ORD-410011", "ORD-410021", "ORD-410022"):
    print(code, shop.call("POST", f"/orders/{code}/cancel", {"reason": "duplicate"})["status"])
print(shop.call("PATCH", "/profile", {"phone": "+33 4 72 00 00 00"})["phone"])
PY
