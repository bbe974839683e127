"""Orders: listing, detail, cancellation, returns, receipt confirmation, notifications."""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from mock_services.core.base.keys import delivery_token
from mock_services.shop.service import default_seed
from tests.helpers import ApiClient, expect, expect_error


def stock(shop: ApiClient, sku: str) -> int:
    return expect(shop.get(f"/api/products/sku/{sku}"), 200)["stock"]


def test_orders_are_listed_newest_first_with_status_filter_and_pages(alice: ApiClient) -> None:
    page = expect(alice.get("/api/orders"), 200)
    assert [o["code"] for o in page["items"]] == [
        "ORD-100003",
        "ORD-100002",
        "ORD-100001",
        "ORD-100004",
    ]
    assert page["total"] == 4
    delivered = expect(alice.get("/api/orders", params={"status": "delivered"}), 200)
    assert [o["code"] for o in delivered["items"]] == ["ORD-100001"]
    second = expect(alice.get("/api/orders", params={"page": 2, "per_page": 3}), 200)
    assert [o["code"] for o in second["items"]] == ["ORD-100004"] and second["total"] == 4
    error = expect_error(alice.get("/api/orders", params={"status": "lost"}), 422)
    assert "status" in error["message"]


def test_order_detail_has_items_snapshot_and_history(alice: ApiClient) -> None:
    order = expect(alice.get("/api/orders/ORD-100001"), 200)
    assert order["status"] == "delivered" and order["delivered_at"] == "2026-02-21T13:20:00Z"
    assert order["return_deadline"] == "2026-03-23T13:20:00Z"
    assert [e["status"] for e in order["events"]] == ["paid", "processing", "shipped", "delivered"]
    assert order["subtotal"] == 105.97 and order["total"] == 105.97
    assert order["ship_to"]["city"] == "San Francisco"
    # Codes are matched case-insensitively.
    assert expect(alice.get("/api/orders/ord-100001"), 200)["id"] == order["id"]


def test_orders_of_other_users_are_forbidden(alice: ApiClient, bob: ApiClient) -> None:
    error = expect_error(alice.get("/api/orders/ORD-100005"), 403)
    assert "ORD-100005 belongs to another account" in error["message"]
    expect_error(alice.post("/api/orders/ORD-100006/cancel", json={}), 403)
    expect_error(alice.post("/api/orders/ORD-100005/return", json={"reason": "x"}), 403)
    assert expect(bob.get("/api/orders/ORD-100006"), 200)["status"] == "processing"
    assert {o["code"] for o in expect(bob.get("/api/orders"), 200)["items"]} == {
        "ORD-100005",
        "ORD-100006",
    }
    error = expect_error(alice.get("/api/orders/ORD-999999"), 404)
    assert "ORD-999999" in error["message"]


def test_cancel_restores_stock_and_records_the_refund(shop: ApiClient, alice: ApiClient) -> None:
    before = stock(shop, "KIT-4003")
    order = expect(
        alice.post("/api/orders/ORD-100003/cancel", json={"reason": "Found it cheaper"}), 200
    )
    assert order["status"] == "cancelled" and order["cancel_reason"] == "Found it cheaper"
    assert order["refunded"] == order["total"] == 39.98
    assert order["events"][-1]["status"] == "cancelled"
    assert order["events"][-1]["note"] == "Found it cheaper"
    assert order["cancelled_at"] == order["events"][-1]["at"]
    assert stock(shop, "KIT-4003") == before + 1


def test_cancelling_a_gift_card_order_gives_the_balance_back(alice: ApiClient) -> None:
    expect(alice.delete("/api/cart"), 200)
    expect(alice.post("/api/cart/items", json={"sku": "PHN-3001"}), 201)
    order = expect(alice.post("/api/checkout", json={"address_id": 1, "payment_method_id": 2}), 201)
    balance = expect(alice.get("/api/payment-methods"), 200)["items"][1]["balance"]
    assert balance == 0.02
    expect(alice.post(f"/api/orders/{order['code']}/cancel", json={}), 200)
    balance = expect(alice.get("/api/payment-methods"), 200)["items"][1]["balance"]
    assert balance == 25.0


@pytest.mark.parametrize(
    ("code", "status"),
    [("ORD-100002", "shipped"), ("ORD-100001", "delivered"), ("ORD-100004", "cancelled")],
)
def test_only_unshipped_orders_can_be_cancelled(alice: ApiClient, code: str, status: str) -> None:
    error = expect_error(alice.post(f"/api/orders/{code}/cancel", json={}), 409, "conflict")
    assert f"{code} is {status}" in error["message"]
    assert "pending, paid, processing" in error["message"]
    assert expect(alice.get(f"/api/orders/{code}"), 200)["status"] == status


def test_return_of_some_items_within_30_days(alice: ApiClient) -> None:
    order = expect(alice.get("/api/orders/ORD-100001"), 200)
    cables = next(i for i in order["items"] if i["sku"] == "PHN-3002")
    returned = expect(
        alice.post(
            "/api/orders/ORD-100001/return",
            json={
                "reason": "One cable is frayed",
                "items": [{"item_id": cables["id"], "quantity": 1}],
            },
        ),
        200,
    )
    assert returned["status"] == "return_requested"
    assert returned["return_reason"] == "One cable is frayed"
    assert {i["sku"]: i["return_quantity"] for i in returned["items"]} == {
        "AUD-1002": 0,
        "PHN-3002": 1,
    }
    assert returned["events"][-1]["status"] == "return_requested"
    again = expect_error(alice.post("/api/orders/ORD-100001/return", json={"reason": "x"}), 409)
    assert "return_requested" in again["message"]


def test_return_without_items_returns_everything(carol: ApiClient) -> None:
    order = expect(
        carol.post("/api/orders/ORD-100008/return", json={"reason": "Gift not needed"}), 200
    )
    assert all(i["return_quantity"] == i["quantity"] for i in order["items"])


def test_return_refusals(alice: ApiClient, bob: ApiClient) -> None:
    error = expect_error(
        bob.post("/api/orders/ORD-100005/return", json={"reason": "Too late?"}), 409
    )
    assert "30-day return window of order ORD-100005 closed on 2026-02-14" in error["message"]
    error = expect_error(alice.post("/api/orders/ORD-100002/return", json={"reason": "x"}), 409)
    assert "only delivered orders" in error["message"]
    error = expect_error(
        alice.post(
            "/api/orders/ORD-100001/return",
            json={"reason": "x", "items": [{"item_id": 999, "quantity": 1}]},
        ),
        422,
    )
    assert "item 999 is not part of order ORD-100001" in error["message"]
    error = expect_error(
        alice.post(
            "/api/orders/ORD-100001/return",
            json={"reason": "x", "items": [{"item_id": 2, "quantity": 3}]},
        ),
        422,
    )
    assert "cannot return 3" in error["message"]
    error = expect_error(alice.post("/api/orders/ORD-100001/return", json={"reason": ""}), 422)
    assert "reason" in error["message"]
    assert expect(alice.get("/api/orders/ORD-100001"), 200)["status"] == "delivered"


def test_confirm_receipt_of_a_shipped_order(alice: ApiClient) -> None:
    order = expect(alice.post("/api/orders/ORD-100002/confirm-receipt"), 200)
    assert order["status"] == "delivered" and order["delivered_at"] is not None
    assert order["events"][-1] == {"status": "delivered", "at": order["delivered_at"], "note": None}
    assert order["return_deadline"] is not None
    error = expect_error(alice.post("/api/orders/ORD-100003/confirm-receipt"), 409)
    assert "ORD-100003 is paid; only shipped orders" in error["message"]


def test_refused_mutations_are_kept_in_the_audit_log(shop: ApiClient, alice: ApiClient) -> None:
    expect_error(alice.post("/api/orders/ORD-100002/cancel", json={}), 409)
    entry = shop.audit()[-1]
    assert entry["path"] == "/api/orders/ORD-100002/cancel" and entry["status"] == 409
    assert entry["username"] == "alice" and entry["changes"] == []


# --- Notifications ----------------------------------------------------------------------------


@pytest.fixture
def mailbox() -> Iterator[tuple[str, list[dict]]]:
    """A stand-in email service that records what is POSTed to /admin/deliver."""
    received: list[dict] = []

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            length = int(self.headers["Content-Length"])
            received.append(
                {
                    "path": self.path,
                    "token": self.headers.get("X-Delivery-Token"),
                    "admin_token": self.headers.get("X-Admin-Token"),
                    "mail": json.loads(self.rfile.read(length)),
                }
            )
            self.send_response(201)
            self.send_header("Content-Type", "application/json")
            self.end_headers()
            self.wfile.write(b"{}")

        def log_message(self, *_args: object) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}", received
    server.shutdown()


def test_confirmation_and_cancellation_mails(
    live_service: Callable[..., ApiClient], mailbox: tuple[str, list[dict]]
) -> None:
    url, received = mailbox
    seed = {**default_seed(), "notifications": {"email_url": url}}
    shop = live_service("shop", seed)
    alice = shop.as_user("alice", "alice-pass")
    order = expect(alice.post("/api/checkout", json={"address_id": 1, "payment_method_id": 1}), 201)
    assert len(received) == 1
    confirmation = received[0]
    assert confirmation["path"] == "/admin/deliver" and confirmation["token"] == delivery_token()
    assert confirmation["admin_token"] is None, "the admin token left the service"
    mail = confirmation["mail"]
    assert mail["sender"] == "orders@shop.example.com" and mail["to"] == ["alice@example.test"]
    assert mail["subject"] == f"Your order {order['code']} is confirmed"
    assert "Organic Whole Bean Coffee" in mail["body"] and "$71.48" in mail["body"]
    expect(alice.post(f"/api/orders/{order['code']}/cancel", json={"reason": "Duplicate"}), 200)
    assert len(received) == 2
    notice = received[1]["mail"]
    assert notice["subject"] == f"Your order {order['code']} was cancelled"
    assert "Duplicate" in notice["body"] and "refunded $71.48 to Visa ending 4242" in notice["body"]
    # Refused actions send nothing.
    expect_error(alice.post(f"/api/orders/{order['code']}/cancel", json={}), 409)
    assert len(received) == 2


def test_partial_return_refunds_the_items_to_the_original_payment_at_once(
    alice: ApiClient, shop_db: Callable[[str], list[tuple]]
) -> None:
    order = expect(alice.get("/api/orders/ORD-100001"), 200)
    assert order["refunded"] == 0 and order["return_refund_method"] is None
    cables = next(i for i in order["items"] if i["sku"] == "PHN-3002")
    returned = expect(
        alice.post(
            "/api/orders/ORD-100001/return",
            json={
                "reason": "Frayed",
                "items": [{"item_id": cables["id"], "quantity": 1}],
                "refund_method": "original_payment",
            },
        ),
        200,
    )
    # one of two cables: its price only (a partial return keeps any shipping)
    assert returned["refunded"] == cables["unit_price"]
    assert returned["return_refund_method"] == "original_payment"
    assert expect(alice.get("/api/profile"), 200)["store_credit"] == 0
    assert shop_db(
        "SELECT return_refund_method, refunded_cents FROM orders WHERE code = 'ORD-100001'"
    ) == [("original_payment", round(cables["unit_price"] * 100))]


def test_whole_return_as_store_credit_goes_on_the_profile(
    carol: ApiClient, shop_db: Callable[[str], list[tuple]]
) -> None:
    order = expect(carol.get("/api/orders/ORD-100008"), 200)
    before = expect(carol.get("/api/profile"), 200)["store_credit"]
    returned = expect(
        carol.post(
            "/api/orders/ORD-100008/return",
            json={"reason": "Gift not needed", "refund_method": "store_credit"},
        ),
        200,
    )
    assert returned["refunded"] == order["total"]
    assert returned["return_refund_method"] == "store_credit"
    assert expect(carol.get("/api/profile"), 200)["store_credit"] == before + order["total"]
    assert shop_db("SELECT store_credit_cents FROM users WHERE username = 'carol'") == [
        (round((before + order["total"]) * 100),)
    ]
    error = expect_error(
        carol.post("/api/orders/ORD-100008/return", json={"reason": "x", "refund_method": "cash"}),
        422,
    )
    assert "refund_method" in error["message"] + str(error["details"])


def _gift_card_order_seed() -> dict:
    seed = default_seed()
    alice = next(u for u in seed["users"] if u["username"] == "alice")
    card = next(p for p in alice["payment_methods"] if p["type"] == "gift_card")
    seed["orders"].append(
        {
            "code": "ORD-GIFT",
            "user": "alice",
            "status": "delivered",
            "placed_at": "-6d 10:00",
            "delivered_at": "-3d 10:00",
            "payment": f"Gift card ending {card['last4']}",
            "items": [{"sku": "BK-6001", "quantity": 1}],
        }
    )
    return seed


def test_return_to_a_gift_card_restores_its_balance(live_service: Callable[..., ApiClient]) -> None:
    alice = live_service("shop", _gift_card_order_seed()).as_user("alice", "alice-pass")
    card = next(
        p
        for p in expect(alice.get("/api/payment-methods"), 200)["items"]
        if p["type"] == "gift_card"
    )
    returned = expect(alice.post("/api/orders/ORD-GIFT/return", json={"reason": "Dup"}), 200)
    # everything came back: the 4.99 shipping of a 24.00 order is refunded too
    assert (returned["shipping"], returned["refunded"]) == (4.99, 28.99)
    assert returned["return_refund_method"] == "original_payment"
    after = next(
        p for p in expect(alice.get("/api/payment-methods"), 200)["items"] if p["id"] == card["id"]
    )
    assert after["balance"] == round(card["balance"] + 28.99, 2)


def test_return_to_a_removed_gift_card_is_refused_until_store_credit_is_chosen(
    live_service: Callable[..., ApiClient],
) -> None:
    alice = live_service("shop", _gift_card_order_seed()).as_user("alice", "alice-pass")
    card = next(
        p
        for p in expect(alice.get("/api/payment-methods"), 200)["items"]
        if p["type"] == "gift_card"
    )
    expect(alice.delete(f"/api/payment-methods/{card['id']}"), 204)
    error = expect_error(alice.post("/api/orders/ORD-GIFT/return", json={"reason": "Dup"}), 409)
    assert "was removed; choose refund_method 'store_credit'" in error["message"]
    untouched = expect(alice.get("/api/orders/ORD-GIFT"), 200)
    assert untouched["status"] == "delivered" and untouched["refunded"] == 0
    assert all(i["return_quantity"] == 0 for i in untouched["items"])
    returned = expect(
        alice.post(
            "/api/orders/ORD-GIFT/return", json={"reason": "Dup", "refund_method": "store_credit"}
        ),
        200,
    )
    assert expect(alice.get("/api/profile"), 200)["store_credit"] == returned["refunded"] == 28.99


def test_return_mail_says_where_the_refund_went(
    live_service: Callable[..., ApiClient], mailbox: tuple[str, list[dict]]
) -> None:
    url, received = mailbox
    shop = live_service("shop", {**default_seed(), "notifications": {"email_url": url}})
    carol = shop.as_user("carol", "carol-pass")
    order = expect(
        carol.post(
            "/api/orders/ORD-100008/return",
            json={"reason": "Gift not needed", "refund_method": "store_credit"},
        ),
        200,
    )
    mail = received[-1]["mail"]
    assert mail["subject"] == "Your return of order ORD-100008"
    assert f"refunded ${order['refunded']:.2f} as store credit" in mail["body"]
