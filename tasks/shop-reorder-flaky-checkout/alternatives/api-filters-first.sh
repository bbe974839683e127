#!/bin/bash
# alternative (REST API, different order and tools): adds last month's filters to the cart first,
# then removes only the mug's cart line (DELETE /cart/items/<id>), checks out to Office with the
# Mastercard (waiting out 429/503 as Retry-After says, via ServiceClient), and re-adds the mug.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient

shop = ServiceClient("http://127.0.0.1:1234/api").login("alice", "alice-pass")
before = {o["code"] for o in shop.call("GET", "/orders?per_page=100")["items"]}
last_month = [o for o in shop.call("GET", "/orders?per_page=100")["items"] if o["placed_at"].startswith("2026-02")]
filters = next(i for o in last_month for i in shop.call("GET", f"/orders/{o['code']}")["items"]
               if "filter" in i["name"].lower())
mug_lines = [(l["id"], l["sku"], l["quantity"]) for l in shop.call("GET", "/cart")["lines"]]
shop.call("POST", "/cart/items", {"sku": filters["sku"], "quantity": filters["quantity"]})
for line_id, _, _ in mug_lines:
    shop.call("DELETE", f"/cart/items/{line_id}")
office = next(a["id"] for a in shop.call("GET", "/addresses")["items"] if a["label"] == "Office")
master = next(p["id"] for p in shop.call("GET", "/payment-methods")["items"] if p.get("brand") == "Mastercard")
order = shop.call("POST", "/checkout", {"address_id": office, "payment_method_id": master})
after = {o["code"] for o in shop.call("GET", "/orders?per_page=100")["items"]}
assert after - before == {order["code"]}, after - before
for _, sku, q in mug_lines:
    shop.call("POST", "/cart/items", {"sku": sku, "quantity": q})
print("ordered", order["code"], [(i["sku"], i["quantity"]) for i in order["items"]])
PY
