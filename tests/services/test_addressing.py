"""A 404 for a key of the wrong shape says how that kind is addressed (a number where a code is
expected, or text where an id is), with an example from the caller's own data."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.helpers import ApiClient, expect_error

pytestmark = pytest.mark.process  # real servers reaching each other

CASES = [
    # service, call, what the 404 says
    (
        "shop",
        ("POST", "/api/orders/3/cancel"),
        "orders are addressed by code, e.g. 'ORD-100003'; no order '3'",
    ),
    (
        "shop",
        ("GET", "/api/products/WIDGET-1"),
        "product ids are numbers; no product 'WIDGET-1'; "
        "GET /api/products/sku/WIDGET-1 finds one by sku",
    ),
    ("airline", ("GET", "/api/bookings/9"), "bookings are addressed by reference, e.g. '"),
    ("expense", ("GET", "/api/reports/code/3"), "reports are addressed by code, e.g. 'EXP-"),
    (
        "expense",
        ("POST", "/api/reports/EXP-1003/submit"),
        "report ids are numbers; no report 'EXP-1003'; "
        "GET /api/reports/code/EXP-1003 finds one by code",
    ),
    (
        "health",
        ("POST", "/api/appointments/1/cancel"),
        "appointments are addressed by code, e.g. 'APT-000001'; no appointment '1'",
    ),
]


def test_a_misshapen_key_is_told_how_its_kind_is_addressed(
    live_service: Callable[..., ApiClient],
) -> None:
    clients: dict[str, ApiClient] = {}
    for service, (method, path), said in CASES:
        if service not in clients:
            clients[service] = live_service(service).login("alice", "alice-pass")
        answer = expect_error(
            clients[service].request(method, path, json={} if method == "POST" else None),
            404,
            "not_found",
        )
        assert said in answer["message"], (
            f"{service} {method} {path}: expected the 404 to say {said!r}, "
            f"got {answer['message']!r}"
        )


def test_a_well_shaped_key_that_is_missing_is_a_plain_404(
    live_service: Callable[..., ApiClient],
) -> None:
    shop = live_service("shop").login("alice", "alice-pass")
    message = expect_error(shop.get("/api/orders/ORD-199999"), 404)["message"]
    assert message == "no order 'ORD-199999'; list yours with GET /api/orders"
