#!/bin/bash
# alternative (another order, JSON API): lists the 27-inch Vireo monitors first, then puts three
# V27U in the cart and checks out at once; the refusal (too few left) sends it to the list
# again, read afresh, and to three of the cheapest with three in stock.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient, ServiceError

shop = ServiceClient("http://127.0.0.1:1234/api").login("alice", "alice-pass")


def vireo_27():
    found = shop.call("GET", "/products?q=Vireo%2027-inch&sort=price_asc&per_page=100")["items"]
    return [p for p in found if p["brand"] == "Vireo" and "27-inch" in p["name"]]


print("before:", [(p["sku"], p["stock"]) for p in vireo_27()])
profile = shop.call("GET", "/profile")
pay = {
    "address_id": profile["default_address_id"],
    "payment_method_id": profile["default_payment_method_id"],
}
shop.call("POST", "/cart/items", {"sku": "VIR-2701", "quantity": 3})
try:
    order = shop.call("POST", "/checkout", pay)
except ServiceError as refused:
    print("refused:", refused)
    shop.call("DELETE", "/cart")
    fit = [p for p in vireo_27() if p["sku"] != "VIR-2701" and p["stock"] >= 3]
    shop.call("POST", "/cart/items", {"sku": fit[0]["sku"], "quantity": 3})
    order = shop.call("POST", "/checkout", pay)
print("ordered", order["code"], [(i["sku"], i["quantity"]) for i in order["items"]])
PY
