#!/bin/bash
# alternative (Buy now, REST): checks the V27U has at least three in stock, then orders three with the shop's Buy now (checkout with product_id and quantity 3, default address and card), which the shop accepts; it falls back to the cheapest 27-inch Vireo with three in stock only if the shop refuses.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient, ServiceError

shop = ServiceClient("http://localhost:1234/api").login("alice", "alice-pass")
profile = shop.call("GET", "/profile")
where = {"address_id": profile["default_address_id"],
         "payment_method_id": profile["default_payment_method_id"]}
wanted = shop.call("GET", "/products/sku/VIR-2701")
print("V27U:", wanted["stock"], "in stock, active", wanted["active"])
try:
    order = shop.call("POST", "/checkout", {**where, "product_id": wanted["id"], "quantity": 3})
except ServiceError as refused:
    print("refused:", refused)
    monitors = shop.call("GET", "/products?category=monitors&brand=Vireo&sort=price_asc&per_page=100")
    choice = next(p for p in monitors["items"] if "27-inch" in p["name"]
                  and p["id"] != wanted["id"] and p["stock"] >= 3)
    order = shop.call("POST", "/checkout", {**where, "product_id": choice["id"], "quantity": 3})
print("placed", order["code"], [(i["sku"], i["quantity"]) for i in order["items"]])
PY
