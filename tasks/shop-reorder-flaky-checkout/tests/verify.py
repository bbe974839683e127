#!/usr/bin/env python3
"""Verifier of shop-reorder-flaky-checkout: exactly one new order of Alice's, holding only last
month's filters in last month's quantity, shipped to the Office address, paid by Mastercard.
The first calls to the cart and to checkout fail (429, then 503 with Retry-After)."""

from functools import cache

from mock_services.verify import Verifier, diff_service, query

verifier = Verifier("shop-reorder-flaky-checkout")

EXPECTED_SKU = "KIT-5101"
EXPECTED_QUANTITY = 3
EXPECTED_ADDRESS = "5 Quai Perrache"
EXPECTED_CARD = "5454"


@cache
def new_orders() -> list[dict]:
    return diff_service("shop").added("orders")


def order() -> dict:
    assert new_orders(), "no new order"
    return new_orders()[0]


@verifier.checkpoint(weight=3, rationale="the order holds only the same filters, same quantity")
def right_items() -> bool:
    items = query(
        "shop", "SELECT sku, quantity FROM order_items WHERE order_id = ?", [order()["id"]]
    )
    assert items == [{"sku": EXPECTED_SKU, "quantity": EXPECTED_QUANTITY}], f"items: {items}"
    return True


@verifier.checkpoint(weight=2, rationale="it ships to the office address")
def office_address() -> bool:
    return order()["ship_line1"] == EXPECTED_ADDRESS


@verifier.checkpoint(weight=2, rationale="it is paid with the Mastercard")
def paid_by_mastercard() -> bool:
    return EXPECTED_CARD in (order()["payment_label"] or "")


@verifier.checkpoint(weight=1, rationale="exactly one new order despite the retries")
def exactly_one_order() -> bool:
    return len(new_orders()) == 1 and order()["status"] == "paid"


@verifier.checkpoint(weight=1, rationale="existing orders were not cancelled or changed")
def existing_orders_untouched() -> bool:
    diff = diff_service("shop")
    problems = diff.unexpected(
        {
            "orders": ["added"],
            "order_items": ["added"],
            "order_events": ["added"],
            "products": ["changed"],
            "cart_items": ["added", "changed", "removed"],
        }
    )
    for change in diff.changed("products"):
        if set(change.fields) != {"stock"}:
            problems.append(f"product {change.key[0]}: {sorted(change.fields)} changed")
    assert not problems, "; ".join(problems)
    return True


if __name__ == "__main__":
    verifier.main()
