#!/bin/bash
# Plausible wrong solution: retries correctly, but checks out the whole cart (the mug too) with
# the default address and card.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient

SHOP = "http://127.0.0.1:1234/api"

shop = ServiceClient(SHOP).login("alice", "alice-pass")
profile = shop.call("GET", "/profile")
shop.call("POST", "/cart/items", {"sku": "KIT-5101", "quantity": 3})
shop.call("POST", "/checkout", {"address_id": profile["default_address_id"],
                                "payment_method_id": profile["default_payment_method_id"]})
PY
