"""Profile, shipping addresses and payment methods, and isolation between users."""

from __future__ import annotations

from tests.helpers import ApiClient, expect, expect_error
from tests.service_fixtures import OVER_HTTP_TOO

NEW_ADDRESS = {
    "label": "Cabin",
    "recipient": "Alice Martin",
    "line1": "3 Pine Ridge Road",
    "city": "Truckee",
    "region": "CA",
    "postal_code": "96161",
    "country": "US",
}
VISA_TEST_NUMBER = "4111 1111 1111 1111"


def test_profile_shows_defaults_and_can_be_updated(alice: ApiClient) -> None:
    profile = expect(alice.get("/api/profile"), 200)
    assert profile["username"] == "alice" and profile["phone"] == "+1 415 555 0142"
    assert profile["default_address_id"] == 1 and profile["default_payment_method_id"] == 1
    updated = expect(
        alice.patch("/api/profile", json={"display_name": "Alice J.", "phone": ""}), 200
    )
    assert updated["display_name"] == "Alice J." and updated["phone"] is None
    assert expect(alice.get("/api/auth/me"), 200)["display_name"] == "Alice J."


@OVER_HTTP_TOO
def test_profile_update_rejects_bad_input(alice: ApiClient) -> None:
    error = expect_error(alice.patch("/api/profile", json={"email": "not-an-email"}), 422)
    assert "email" in error["message"]
    error = expect_error(alice.patch("/api/profile", json={"display_name": None}), 422)
    assert "display_name: Input should be a valid string" in error["message"]
    error = expect_error(alice.patch("/api/profile", json={"username": "mallory"}), 422)
    assert "username" in error["message"]


@OVER_HTTP_TOO
def test_profile_needs_login(shop: ApiClient) -> None:
    error = expect_error(shop.get("/api/profile"), 401, "unauthorized")
    assert "log in" in error["message"]


@OVER_HTTP_TOO
def test_addresses_crud_and_default(alice: ApiClient) -> None:
    listed = expect(alice.get("/api/addresses"), 200)
    assert listed["total"] == 2 and [a["label"] for a in listed["items"]] == ["Home", "Work"]
    cabin = expect(alice.post("/api/addresses", json=NEW_ADDRESS), 201)
    assert cabin["is_default"] is False and cabin["line2"] is None
    changed = expect(
        alice.patch(f"/api/addresses/{cabin['id']}", json={"line2": "Unit 7", "is_default": True}),
        200,
    )
    assert changed["line2"] == "Unit 7" and changed["is_default"] is True
    defaults = [a for a in expect(alice.get("/api/addresses"), 200)["items"] if a["is_default"]]
    assert [a["id"] for a in defaults] == [cabin["id"]]
    assert expect(alice.get("/api/profile"), 200)["default_address_id"] == cabin["id"]
    expect(alice.post("/api/addresses/2/default"), 200)
    assert expect(alice.get("/api/profile"), 200)["default_address_id"] == 2


def test_deleting_the_default_address_promotes_the_oldest_remaining(alice: ApiClient) -> None:
    expect(alice.delete("/api/addresses/1"), 204)
    remaining = expect(alice.get("/api/addresses"), 200)["items"]
    assert [(a["id"], a["is_default"]) for a in remaining] == [(2, True)]
    # Past orders keep their copy of the deleted address.
    order = expect(alice.get("/api/orders/ORD-100001"), 200)
    assert order["address_id"] is None
    assert order["ship_to"]["line1"] == "742 Evergreen Terrace"


def test_address_rules(alice: ApiClient) -> None:
    error = expect_error(alice.post("/api/addresses", json={**NEW_ADDRESS, "label": "Home"}), 409)
    assert "'Home'" in error["message"]
    error = expect_error(alice.post("/api/addresses", json={**NEW_ADDRESS, "country": "USA"}), 422)
    assert "country" in error["message"]
    error = expect_error(alice.patch("/api/addresses/1", json={"is_default": False}), 409)
    assert "default" in error["message"]
    error = expect_error(alice.patch("/api/addresses/1", json={"city": None}), 422)
    assert "city: Input should be a valid string" in error["message"]
    assert "address 99" in expect_error(alice.delete("/api/addresses/99"), 404)["message"]


def test_add_a_card_keeps_only_brand_and_last_digits(alice: ApiClient) -> None:
    card = expect(
        alice.post(
            "/api/payment-methods",
            json={
                "type": "card",
                "card_number": VISA_TEST_NUMBER,
                "exp_month": 12,
                "exp_year": 2030,
            },
        ),
        201,
    )
    assert card["brand"] == "Visa" and card["last4"] == "1111"
    assert card["label"] == "Visa ending 1111" and card["holder"] == "Alice Martin"
    assert card["is_default"] is False
    paypal = expect(
        alice.post(
            "/api/payment-methods",
            json={"type": "paypal", "paypal_email": "alice@example.com", "is_default": True},
        ),
        201,
    )
    assert paypal["label"] == "PayPal (alice@example.com)" and paypal["is_default"] is True
    methods = expect(alice.get("/api/payment-methods"), 200)
    assert methods["total"] == 4
    assert [m["id"] for m in methods["items"] if m["is_default"]] == [paypal["id"]]
    gift = next(m for m in methods["items"] if m["type"] == "gift_card")
    assert gift["balance"] == 25.0


def test_payment_method_validation(alice: ApiClient) -> None:
    def add(**body: object) -> dict:
        return alice.post("/api/payment-methods", json=body)

    error = expect_error(
        add(type="card", card_number="4111 1111 1111 1112", exp_month=1, exp_year=2030), 422
    )
    assert "checksum" in error["message"]
    error = expect_error(
        add(type="card", card_number=VISA_TEST_NUMBER, exp_month=1, exp_year=2026), 422
    )
    assert "expired in 01/2026" in error["message"]
    error = expect_error(add(type="card", card_number=VISA_TEST_NUMBER), 422)
    assert "card.exp_month: Field required" in error["message"]
    error = expect_error(add(type="paypal"), 422)
    assert "paypal.paypal_email: Field required" in error["message"]
    error = expect_error(add(type="paypal", paypal_email="a@b.example", exp_month=1), 422)
    assert "unknown body field 'exp_month' (known: type, paypal_email" in error["message"]
    error = expect_error(add(type="gift_card"), 422)
    assert "'gift_card'" in error["message"] and "'card', 'paypal'" in error["message"]
    error = expect_error(
        add(type="card", card_number="4242 4242 4242 4242", exp_month=8, exp_year=2028), 409
    )
    assert "Visa ending 4242" in error["message"]


def test_deleting_payment_methods(alice: ApiClient) -> None:
    # The Visa paid for ORD-100003, still open: a cancellation must be able to refund it.
    error = expect_error(alice.delete("/api/payment-methods/1"), 409)
    assert "ORD-100003" in error["message"]
    expect(alice.post("/api/orders/ORD-100003/cancel", json={}), 200)
    expect(alice.delete("/api/payment-methods/1"), 204)
    methods = expect(alice.get("/api/payment-methods"), 200)["items"]
    assert [(m["id"], m["is_default"]) for m in methods] == [(2, True)]
    order = expect(alice.get("/api/orders/ORD-100001"), 200)
    assert order["payment_method_id"] is None and order["payment_label"] == "Visa ending 4242"


def test_users_cannot_touch_each_others_addresses_or_payment_methods(
    alice: ApiClient, bob: ApiClient
) -> None:
    bobs_address, bobs_card = 3, 3
    error = expect_error(alice.patch(f"/api/addresses/{bobs_address}", json={"city": "X"}), 403)
    assert "another account" in error["message"]
    expect_error(alice.delete(f"/api/addresses/{bobs_address}"), 403)
    expect_error(alice.post(f"/api/addresses/{bobs_address}/default"), 403)
    expect_error(alice.delete(f"/api/payment-methods/{bobs_card}"), 403)
    expect_error(alice.post(f"/api/payment-methods/{bobs_card}/default"), 403)
    assert {a["id"] for a in expect(alice.get("/api/addresses"), 200)["items"]} == {1, 2}
    bob_view = expect(bob.get("/api/addresses"), 200)["items"]
    assert [(a["id"], a["city"]) for a in bob_view] == [(3, "Chicago")]
    assert len(expect(bob.get("/api/payment-methods"), 200)["items"]) == 2
