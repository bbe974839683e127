#!/bin/bash
# Reference solution of shop-stock-runs-out, through the JSON API: put three V27U in the cart,
# read the cart again before paying (the shop may have sold units meanwhile); when it cannot sell
# three, take the line out and order three of the cheapest other 27-inch Vireo that has three in
# stock, to the default address with the default card.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient

shop = ServiceClient("http://127.0.0.1:1234/api").login("alice", "alice-pass")
WANTED, QUANTITY = "VIR-2701", 3

wanted = shop.call("GET", f"/products/sku/{WANTED}")
cart = shop.call("POST", "/cart/items", {"sku": WANTED, "quantity": QUANTITY})
wanted = shop.call("GET", f"/products/sku/{WANTED}")  # as it stands now, not as first read
if wanted["stock"] < QUANTITY:
    print(f"{wanted['name']}: only {wanted['stock']} left; looking for an equivalent")
    line = next(line for line in cart["lines"] if line["sku"] == WANTED)
    shop.call("DELETE", f"/cart/items/{line['id']}")
    found = shop.call(
        "GET", "/products?brand=Vireo&category=monitors&in_stock=true&sort=price_asc&per_page=100"
    )["items"]
    same_size = [
        p for p in found
        if p["sku"] != WANTED and "27-inch" in p["name"] and p["stock"] >= QUANTITY
    ]
    substitute = min(same_size, key=lambda p: p["price"])
    print("substitute:", substitute["sku"], substitute["name"], substitute["price"])
    shop.call("POST", "/cart/items", {"sku": substitute["sku"], "quantity": QUANTITY})

profile = shop.call("GET", "/profile")
order = shop.call(
    "POST",
    "/checkout",
    {
        "address_id": profile["default_address_id"],
        "payment_method_id": profile["default_payment_method_id"],
    },
)
print("ordered", order["code"], [(i["sku"], i["quantity"]) for i in order["items"]])
PY
