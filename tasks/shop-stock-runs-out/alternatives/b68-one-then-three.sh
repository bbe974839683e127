#!/bin/bash
# alternative (REST, another order of steps): puts one V27U in the cart first, then raises the line to three; when the shop refuses three it clears the cart, picks the cheapest active 27-inch Vireo monitor with at least three in stock from the brand's monitors, and orders three of it with the default address and card.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient, ServiceError

shop = ServiceClient("http://localhost:1234/api").login("alice", "alice-pass")
profile = shop.call("GET", "/profile")
line = shop.call("POST", "/cart/items", {"sku": "VIR-2701", "quantity": 1})["lines"][0]
try:
    shop.call("PATCH", f"/cart/items/{line['id']}", {"quantity": 3})
    enough = not shop.call("GET", "/cart")["lines"][0]["exceeds_stock"]
except ServiceError as refused:
    print("three refused:", refused)
    enough = False
if not enough:
    shop.call("DELETE", "/cart")
    monitors = shop.call("GET", "/products?brand=Vireo&category=monitors&per_page=100")["items"]
    fits = sorted(monitors, key=lambda p: p["price"])
    choice = next(p for p in fits if "27-inch" in p["name"] and p["sku"] != "VIR-2701"
                  and p["active"] and p["stock"] >= 3)
    print("substitute:", choice["sku"], choice["name"], choice["price"])
    shop.call("POST", "/cart/items", {"sku": choice["sku"], "quantity": 3})
order = shop.call("POST", "/checkout", {"address_id": profile["default_address_id"],
                                        "payment_method_id": profile["default_payment_method_id"]})
print("placed", order["code"], [(i["sku"], i["quantity"]) for i in order["items"]])
PY
