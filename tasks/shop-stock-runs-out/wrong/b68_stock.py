"""What the b68 wrong runs share: Alice's shop session, her default address and card, the
three V27U carted as asked (then swapped for another monitor) and an order placed."""

from typing import Any

from mock_services.client import ServiceClient

shop = ServiceClient("http://localhost:1234/api").login("alice", "alice-pass")
profile = shop.call("GET", "/profile")
home, card = profile["default_address_id"], profile["default_payment_method_id"]


def cart(sku: str = "VIR-2701", quantity: int = 3) -> None:
    """Puts ``quantity`` of ``sku`` in the cart (three V27U, as asked, by default)."""
    shop.call("POST", "/cart/items", {"sku": sku, "quantity": quantity})


def swap_for(sku: str, quantity: int = 3) -> None:
    """Carts the three V27U, empties the cart and carts ``quantity`` of ``sku`` instead."""
    cart()
    shop.call("DELETE", "/cart")
    cart(sku, quantity)


def place(address: int = home, payment: int = card, **extra: Any) -> dict[str, Any]:
    """Checks out the cart (or ``extra``'s Buy now product) to ``address`` with ``payment``."""
    order: dict[str, Any] = shop.call(
        "POST", "/checkout", {"address_id": address, "payment_method_id": payment, **extra}
    )
    return order


def lines(order: dict[str, Any]) -> list[tuple[str, int]]:
    """An order's (SKU, quantity) pairs."""
    return [(i["sku"], i["quantity"]) for i in order["items"]]


def rows(answer: Any) -> list[dict[str, Any]]:
    """A list answer's rows, whether it comes paged (``items``) or bare."""
    return answer["items"] if isinstance(answer, dict) else answer
