#!/bin/bash
# alternative (REST, cart first): puts three V27U in the cart, reads the cart's own stock warning (exceeds_stock) before any checkout, swaps that line for the cheapest Vireo 27-inch the shop has three of (quantity 0 on the old line), then checks out to the defaults.
set -euo pipefail
python3 - <<'PY'
import re
from mock_services.client import ServiceClient

api = ServiceClient("http://127.0.0.1:1234/api").login(username="alice", password="alice-pass")
api.call("POST", "/cart/items", {"sku": "VIR-2701", "quantity": 3})
cart = api.call("GET", "/cart")
line = next(l for l in cart["lines"] if l.get("sku", l.get("product", {}).get("sku")) == "VIR-2701")
print({k: line.get(k) for k in ("quantity", "stock", "available", "exceeds_stock")})
if line["exceeds_stock"]:
    api.call("PATCH", f"/cart/items/{line['id']}", {"quantity": 0})
    monitors = api.call("GET", "/products?q=Vireo+27-inch&category=monitors&in_stock=true&sort=price_asc&per_page=50")["items"]
    pick = next(p for p in monitors if p["brand"] == "Vireo" and p["sku"] != "VIR-2701"
                and re.search(r"\b27-inch\b", p["name"]) and p["stock"] >= 3)
    print("substitute", pick["sku"], pick["name"], pick["price"])
    api.call("POST", "/cart/items", {"product_id": pick["id"], "quantity": 3})
profile = api.call("GET", "/profile")
o = api.call("POST", "/checkout", {"address_id": profile["default_address_id"], "payment_method_id": profile["default_payment_method_id"]})
print(o["code"], [(i["sku"], i["quantity"]) for i in o["items"]], o.get("payment_label"))
PY
