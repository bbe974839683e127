#!/bin/bash
# wrong (right words, wrong decision): when the V27U runs out it orders three V27U Pro, the same 4K panel, instead of the cheapest 27-inch Vireo with three in stock (the V27F).
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient

shop = ServiceClient("http://localhost:1234/api").login("alice", "alice-pass")
profile = shop.call("GET", "/profile")
shop.call("POST", "/cart/items", {"sku": "VIR-2701", "quantity": 3})
cart = shop.call("GET", "/cart")
print("cart after adding the V27U:", cart)
shop.call("DELETE", "/cart")
shop.call("POST", "/cart/items", {"sku": "VIR-2703", "quantity": 3})
order = shop.call("POST", "/checkout", {"address_id": profile["default_address_id"],
                                        "payment_method_id": profile["default_payment_method_id"]})
print("placed", order["code"], [(i["sku"], i["quantity"]) for i in order["items"]])
PY
