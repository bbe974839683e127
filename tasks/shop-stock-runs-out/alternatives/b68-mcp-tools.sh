#!/bin/bash
# alternative (MCP tools): the shop's MCP tools over streamable HTTP, no REST call: carts three V27U, reads the cart, and when it can no longer hold three it swaps the line for the cheapest 27-inch Vireo the shop can sell three of (read from the catalogue tool), then checks out with the profile's defaults.
set -euo pipefail
python3 - <<'PY'
import re

from mock_services.client import McpClient

shop = McpClient("http://localhost:1234/mcp", name="alt")
print("tools:", shop.tools())
shop.login("alice", "alice-pass")
profile = shop.call("get_profile")
shop.call("add_cart_item", sku="VIR-2701", quantity=3)
cart = shop.call("get_cart")
line = cart["lines"][0]
print("V27U in the cart:", line["quantity"], "available:", line["available"])
if line["available"] < 3:
    shop.call("remove_cart_item", line_id=line["id"])
    monitors = shop.call("list_products", category="monitors", brand="Vireo", in_stock=True,
                         sort="price_asc", per_page=100)["items"]
    size = re.search(r"(\d+)-inch", line["name"]).group(1)
    fits = [p for p in monitors if f"{size}-inch" in p["name"] and p["sku"] != "VIR-2701"
            and p["stock"] >= 3]
    choice = fits[0]
    print("substitute:", choice["sku"], choice["name"], choice["price"], "stock", choice["stock"])
    shop.call("add_cart_item", sku=choice["sku"], quantity=3)
order = shop.call("checkout", address_id=profile["default_address_id"],
                  payment_method_id=profile["default_payment_method_id"])
print("placed", order["code"], [(i["sku"], i["quantity"]) for i in order["items"]])
PY
