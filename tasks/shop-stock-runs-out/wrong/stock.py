"""Steps the wrong solutions of shop-stock-runs-out share, through the shop's JSON API."""

from mock_services.client import ServiceClient, ServiceError

WANTED, QUANTITY = "VIR-2701", 3
shop = ServiceClient("http://127.0.0.1:1234/api").login("alice", "alice-pass")


def add(sku: str, quantity: int) -> dict:
    return shop.call("POST", "/cart/items", {"sku": sku, "quantity": quantity})


def line_of(sku: str) -> dict:
    return next(line for line in shop.call("GET", "/cart")["lines"] if line["sku"] == sku)


def set_quantity(sku: str, quantity: int) -> None:
    shop.call("PATCH", f"/cart/items/{line_of(sku)['id']}", {"quantity": quantity})


def checkout(address_label: str | None = None, card_brand: str | None = None) -> dict:
    """Check out to the default address and card, or to the ones named."""
    profile = shop.call("GET", "/profile")
    address, card = profile["default_address_id"], profile["default_payment_method_id"]
    if address_label:
        addresses = shop.call("GET", "/addresses")["items"]
        address = next(a["id"] for a in addresses if a["label"] == address_label)
    if card_brand:
        methods = shop.call("GET", "/payment-methods")["items"]
        card = next(m["id"] for m in methods if m.get("brand") == card_brand)
    order = shop.call("POST", "/checkout", {"address_id": address, "payment_method_id": card})
    print("ordered", order["code"], [(i["sku"], i["quantity"]) for i in order["items"]])
    return order


def try_checkout() -> str | None:
    """Checks out; the refusal's message, or None when the order went through."""
    try:
        checkout()
    except ServiceError as error:
        print("checkout refused:", error)
        return str(error)
    return None


def monitors(**filters: str) -> list[dict]:
    query = "&".join(f"{k}={v}" for k, v in {"category": "monitors", **filters}.items())
    return shop.call("GET", f"/products?{query}&per_page=100")["items"]
