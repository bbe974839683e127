"""Each shop web form makes the change its API route makes: the same operation in the audit
log and the same rows, from the same freshly reset state (``assert_same_change``)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from mock_services.shop.api import api
from tests.form_assertions import FormCase, Given, assert_form_does_what_the_api_does
from tests.helpers import ApiClient, expect
from tests.shop.conftest import PASSWORDS

VISA_TEST_NUMBER = "4111 1111 1111 1111"


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


def _work_address(client: ApiClient) -> Given:
    """Alice's second address ("Work"), not her default."""
    addresses = expect(client.get("/api/addresses"), 200)["items"]
    return {"address": next(a["id"] for a in addresses if a["label"] == "Work")}


def _gift_card(client: ApiClient) -> Given:
    """Alice's gift card: not her default, and no open order was paid with it."""
    methods = expect(client.get("/api/payment-methods"), 200)["items"]
    return {"method": next(m["id"] for m in methods if m["type"] == "gift_card")}


_NEW_ADDRESS = {
    "label": "Cabin",
    "recipient": "Alice Martin",
    "line1": "12 Lake Road",
    "city": "Tahoe City",
    "region": "CA",
    "postal_code": "96145",
    "country": "US",
    "phone": "+1 530 555 0100",
}
_EDITED_ADDRESS = {
    "label": "Office",
    "recipient": "Alice Martin",
    "line1": "1 Market Street",
    "city": "Oakland",
    "postal_code": "94607",
    "country": "US",
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
        "cart_remove",
        "remove_cart_item",
        api=lambda g: ("DELETE", f"/api/cart/items/{g['line']}", None),
        form=lambda g: (f"/cart/items/{g['line']}/remove", {}),
        setup=_first_cart_line,
    ),
    FormCase(
        "cart_clear",
        "clear_cart",
        api=lambda g: ("DELETE", "/api/cart", None),
        form=lambda g: ("/cart/clear", {}),
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
    FormCase(
        "profile_update",
        "update_profile",
        api=lambda g: (
            "PATCH",
            "/api/profile",
            {"display_name": "Alice M.", "email": "alice.m@example.com", "phone": ""},
        ),
        form=lambda g: (
            "/account/profile",
            {"display_name": "Alice M.", "email": "alice.m@example.com", "phone": ""},
        ),
    ),
    FormCase(
        "address_add",
        "add_address",
        api=lambda g: ("POST", "/api/addresses", {**_NEW_ADDRESS, "is_default": True}),
        form=lambda g: ("/account/addresses", {**_NEW_ADDRESS, "line2": "", "is_default": "on"}),
    ),
    FormCase(
        "address_edit",
        "update_address",
        api=lambda g: (
            "PATCH",
            f"/api/addresses/{g['address']}",
            {**_EDITED_ADDRESS, "line2": "Suite 400", "region": None, "phone": None},
        ),
        form=lambda g: (
            f"/account/addresses/{g['address']}",
            {**_EDITED_ADDRESS, "line2": "Suite 400", "region": "", "phone": ""},
        ),
        setup=_work_address,
    ),
    FormCase(
        "address_default",
        "set_default_address",
        api=lambda g: ("POST", f"/api/addresses/{g['address']}/default", None),
        form=lambda g: (f"/account/addresses/{g['address']}/default", {}),
        setup=_work_address,
    ),
    FormCase(
        "address_delete",
        "delete_address",
        api=lambda g: ("DELETE", f"/api/addresses/{g['address']}", None),
        form=lambda g: (f"/account/addresses/{g['address']}/delete", {}),
        setup=_work_address,
    ),
    FormCase(
        "payment_method_add-card",
        "add_payment_method",
        api=lambda g: (
            "POST",
            "/api/payment-methods",
            {
                "type": "card",
                "card_number": VISA_TEST_NUMBER,
                "exp_month": 12,
                "exp_year": 2030,
                "label": "Travel card",
            },
        ),
        form=lambda g: (
            "/account/payment-methods",
            {
                "type": "card",
                "card_number": VISA_TEST_NUMBER,
                "exp_month": "12",
                "exp_year": "2030",
                "holder": "",
                "label": "Travel card",
            },
        ),
    ),
    FormCase(
        "payment_method_add-paypal",
        "add_payment_method",
        api=lambda g: (
            "POST",
            "/api/payment-methods",
            {"type": "paypal", "paypal_email": "alice@paypal.example", "is_default": True},
        ),
        form=lambda g: (
            "/account/payment-methods",
            {
                "type": "paypal",
                "paypal_email": "alice@paypal.example",
                "holder": "",
                "label": "",
                "is_default": "on",
            },
        ),
    ),
    FormCase(
        "payment_method_default",
        "set_default_payment_method",
        api=lambda g: ("POST", f"/api/payment-methods/{g['method']}/default", None),
        form=lambda g: (f"/account/payment-methods/{g['method']}/default", {}),
        setup=_gift_card,
    ),
    FormCase(
        "payment_method_delete",
        "delete_payment_method",
        api=lambda g: ("DELETE", f"/api/payment-methods/{g['method']}", None),
        form=lambda g: (f"/account/payment-methods/{g['method']}/delete", {}),
        setup=_gift_card,
    ),
]


@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_form_makes_the_change_its_api_route_makes(shop: ApiClient, case: FormCase) -> None:
    assert_form_does_what_the_api_does(shop, case, PASSWORDS)


def test_every_write_route_has_a_form_case() -> None:
    writes = {e.handler.__name__ for e in api.endpoints if e.mutating and e.auth == "user"}
    assert writes == {case.operation for case in CASES}
