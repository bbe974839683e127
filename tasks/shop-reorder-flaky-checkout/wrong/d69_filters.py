"""The right reorder of shop-reorder-flaky-checkout (last month's filters, same quantity, Office,
Mastercard, the mug kept in the cart; the client retries a busy checkout), with the checkout note
given by each script: ``python3 -m d69_filters NOTE``."""

import sys

from mock_services.client import ServiceClient


def reorder(note: str) -> None:
    """Places the one right order with ``note`` (formatted with the filters' name and qty)."""
    shop = ServiceClient("http://127.0.0.1:1234/api").login("alice", "alice-pass")
    filters = None
    for summary in shop.call("GET", "/orders?per_page=50")["items"]:
        for item in shop.call("GET", f"/orders/{summary['code']}")["items"]:
            if "filter" in item["name"].lower():
                filters = filters or item  # newest order first: last month's purchase
    assert filters is not None, "no filters in the order history"
    addresses = shop.call("GET", "/addresses")["items"]
    office = next(a for a in addresses if a["label"] == "Office")
    methods = shop.call("GET", "/payment-methods")["items"]
    card = next(p for p in methods if p["brand"] == "Mastercard")
    set_aside = [(line["sku"], line["quantity"]) for line in shop.call("GET", "/cart")["lines"]]
    shop.call("DELETE", "/cart")
    shop.call("POST", "/cart/items", {"sku": filters["sku"], "quantity": filters["quantity"]})
    text = note.format(name=filters["name"], qty=filters["quantity"])
    body = {"address_id": office["id"], "payment_method_id": card["id"], "note": text}
    order = shop.call("POST", "/checkout", body)
    for sku, quantity in set_aside:
        shop.call("POST", "/cart/items", {"sku": sku, "quantity": quantity})
    print("ordered", order["code"], "note:", order.get("note"))


if __name__ == "__main__":
    reorder(sys.argv[1])
