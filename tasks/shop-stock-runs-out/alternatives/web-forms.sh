#!/bin/bash
# alternative (web UI channel): the shop's own web forms, posted as a browser posts them (log-in
# form, "Add to cart", the cart's quantity form, "Place order"), reading the product and cart
# pages' JSON twins only through the API's reads: the V27U is added, the cart read again shows
# too few left, the line is set to 0 and three of the substitute are ordered.
set -euo pipefail
python3 - <<'PY'
import http.cookiejar
import urllib.parse
import urllib.request

from mock_services.client import ServiceClient

api = ServiceClient("http://127.0.0.1:1234/api").login("alice", "alice-pass")  # reads only
jar = http.cookiejar.CookieJar()
browser = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))


def post(path, fields):
    data = urllib.parse.urlencode(fields).encode()
    with browser.open("http://127.0.0.1:1234" + path, data) as answer:
        return answer.status


post("/login", {"username": "alice", "password": "alice-pass"})
wanted = api.call("GET", "/products/sku/VIR-2701")
post("/cart/add", {"product_id": str(wanted["id"]), "quantity": "3"})
line = next(l for l in api.call("GET", "/cart")["lines"] if l["sku"] == "VIR-2701")
if line["stock"] < 3:
    print("only", line["stock"], "left")
    post(f"/cart/items/{line['id']}", {"quantity": "0"})
    found = api.call("GET", "/products?brand=Vireo&category=monitors&per_page=100")["items"]
    fit = [p for p in found if "27-inch" in p["name"] and p["sku"] != "VIR-2701" and p["stock"] >= 3]
    substitute = min(fit, key=lambda p: p["price"])
    post("/cart/add", {"product_id": str(substitute["id"]), "quantity": "3"})
profile = api.call("GET", "/profile")
post(
    "/checkout",
    {
        "address_id": str(profile["default_address_id"]),
        "payment_method_id": str(profile["default_payment_method_id"]),
        "note": "",
    },
)
print([(o["code"], o["item_count"]) for o in api.call("GET", "/orders")["items"]][:1])
PY
