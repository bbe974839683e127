"""Shared steps of the c68 scripts for shop-stock-runs-out: the V27U tried, its substitute found."""

import re

from mock_services.client import ServiceClient, ServiceError

SHOP = "http://127.0.0.1:1234/api"


def shop() -> ServiceClient:
    """Alice's shop client."""
    return ServiceClient(SHOP).login(username="alice", password="alice-pass")


def listed(api: ServiceClient, path: str) -> list[dict]:
    """The rows a list route answers, bare or paged."""
    answer = api.call("GET", path)
    return answer["items"] if isinstance(answer, dict) else answer


def defaults(api: ServiceClient) -> dict:
    """The checkout body for Alice's default address and card."""
    profile = api.call("GET", "/profile")
    return {
        "address_id": profile["default_address_id"],
        "payment_method_id": profile["default_payment_method_id"],
    }


def try_v27u(api: ServiceClient) -> bool:
    """Put three V27U in the cart and check out; False (cart emptied) when the shop refuses."""
    api.call("POST", "/cart/items", {"sku": "VIR-2701", "quantity": 3})
    try:
        api.call("POST", "/checkout", defaults(api))
        return True
    except ServiceError as exc:
        print("checkout refused:", exc)
        api.call("DELETE", "/cart")
        return False


def substitute(api: ServiceClient, needed: int = 3) -> dict:
    """The cheapest active Vireo 27-inch monitor other than the V27U with ``needed`` in stock."""
    found = api.call("GET", "/products?brand=Vireo&category=monitors&per_page=100")["items"]
    fits = [
        p
        for p in found
        if p["sku"] != "VIR-2701"
        and re.search(r"\b27-inch\b", p["name"])
        and p.get("active", True)
        and p["stock"] >= needed
    ]
    return min(fits, key=lambda p: p["price"])


def order(api: ServiceClient, product: dict, quantity: int = 3, **extra) -> dict:
    """Cart ``quantity`` of ``product`` and check out (the defaults, unless ``extra`` says)."""
    api.call("POST", "/cart/items", {"sku": product["sku"], "quantity": quantity})
    return api.call("POST", "/checkout", {**defaults(api), **extra})
