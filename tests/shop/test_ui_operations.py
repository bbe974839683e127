"""Each shop web form makes the change its API route makes: the same operation in the audit
log and the same rows, from the same freshly reset state (``assert_same_change``)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.form_assertions import FormCase, Given, assert_form_does_what_the_api_does
from tests.helpers import ApiClient, expect
from tests.shop.conftest import PASSWORDS


def _order(status: str) -> Callable[[ApiClient], Given]:
    def setup(client: ApiClient) -> Given:
        orders = expect(client.get(f"/api/orders?status={status}"), 200)["items"]
        return {"code": orders[0]["code"]}

    return setup


def _first_cart_line(client: ApiClient) -> Given:
    return {"line": expect(client.get("/api/cart"), 200)["lines"][0]["id"]}


def _defaults(client: ApiClient) -> Given:
    """The default address and card of the caller, whose cart the seed fills."""
    addresses = expect(client.get("/api/addresses"), 200)["items"]
    methods = expect(client.get("/api/payment-methods"), 200)["items"]
    return {
        "address": next(a["id"] for a in addresses if a["is_default"]),
        "method": next(m["id"] for m in methods if m["is_default"]),
    }


CASES = [
    FormCase(
        "cart_add",
        "add_cart_item",
        api=lambda g: ("POST", "/api/cart/items", {"product_id": 1, "quantity": 2}),
        form=lambda g: ("/cart/add", {"product_id": "1", "quantity": "2"}),
    ),
    FormCase(
        "cart_update",
        "update_cart_item",
        api=lambda g: ("PATCH", f"/api/cart/items/{g['line']}", {"quantity": 3}),
        form=lambda g: (f"/cart/items/{g['line']}", {"quantity": "3"}),
        setup=_first_cart_line,
    ),
    FormCase(
        "cart_update-remove",
        "update_cart_item",
        api=lambda g: ("PATCH", f"/api/cart/items/{g['line']}", {"quantity": 0}),
        form=lambda g: (f"/cart/items/{g['line']}", {"quantity": "0"}),
        setup=_first_cart_line,
    ),
    FormCase(
        "checkout",
        "checkout",
        api=lambda g: (
            "POST",
            "/api/checkout",
            {"address_id": g["address"], "payment_method_id": g["method"], "note": "Ring twice"},
        ),
        form=lambda g: (
            "/checkout",
            {
                "address_id": str(g["address"]),
                "payment_method_id": str(g["method"]),
                "note": "Ring twice",
            },
        ),
        setup=_defaults,
    ),
    FormCase(
        "order_cancel",
        "cancel_order",
        api=lambda g: ("POST", f"/api/orders/{g['code']}/cancel", {"reason": "Too slow"}),
        form=lambda g: (f"/orders/{g['code']}/cancel", {"reason": "Too slow"}),
        setup=_order("paid"),
    ),
    FormCase(
        "order_cancel-from_orders_list",
        "cancel_order",
        api=lambda g: ("POST", f"/api/orders/{g['code']}/cancel", {}),
        form=lambda g: (f"/orders/{g['code']}/cancel", {}),
        setup=_order("paid"),
    ),
    FormCase(
        "order_confirm",
        "confirm_receipt",
        api=lambda g: ("POST", f"/api/orders/{g['code']}/confirm-receipt", {}),
        form=lambda g: (f"/orders/{g['code']}/confirm-receipt", {}),
        setup=_order("shipped"),
    ),
    FormCase(
        "order_return-original_payment",
        "request_return",
        api=lambda g: (
            "POST",
            f"/api/orders/{g['code']}/return",
            {"reason": "Too small", "refund_method": "original_payment"},
        ),
        form=lambda g: (
            f"/orders/{g['code']}/return",
            {"reason": "Too small", "refund_method": "original_payment"},
        ),
        setup=_order("delivered"),
    ),
    FormCase(
        "order_return-store_credit",
        "request_return",
        api=lambda g: (
            "POST",
            f"/api/orders/{g['code']}/return",
            {"reason": "Too small", "refund_method": "store_credit"},
        ),
        form=lambda g: (
            f"/orders/{g['code']}/return",
            {"reason": "Too small", "refund_method": "store_credit"},
        ),
        setup=_order("delivered"),
    ),
]


@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_form_makes_the_change_its_api_route_makes(shop: ApiClient, case: FormCase) -> None:
    assert_form_does_what_the_api_does(shop, case, PASSWORDS)
