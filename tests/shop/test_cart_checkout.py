"""The cart and checkout: merging lines, stock limits, payment rules, atomic stock updates."""

from __future__ import annotations

from collections.abc import Callable

from mock_services.shop.service import default_seed
from tests.helpers import ApiClient, expect, expect_error


def product(shop: ApiClient, sku: str) -> dict:
    return expect(shop.get(f"/api/products/sku/{sku}"), 200)


def test_seeded_cart_has_prices_totals_and_free_shipping(alice: ApiClient) -> None:
    cart = expect(alice.get("/api/cart"), 200)
    assert [(line["sku"], line["quantity"]) for line in cart["lines"]] == [
        ("KIT-4004", 1),
        ("GRC-1301", 2),
    ]
    assert cart["lines"][1]["unit_price"] == 21.99 and cart["lines"][1]["line_total"] == 43.98
    assert cart["item_count"] == 3 and cart["subtotal"] == 71.48
    assert cart["shipping"] == 0.0 and cart["total"] == 71.48


def test_add_by_sku_or_id_merges_lines_and_charges_shipping_under_50(bob: ApiClient) -> None:
    expect(bob.delete("/api/cart"), 200)
    cart = expect(bob.post("/api/cart/items", json={"sku": "PHN-3002"}), 201)
    assert cart["subtotal"] == 12.99 and cart["shipping"] == 4.99 and cart["total"] == 17.98
    cable_id = cart["lines"][0]["product_id"]
    cart = expect(bob.post("/api/cart/items", json={"product_id": cable_id, "quantity": 2}), 201)
    assert len(cart["lines"]) == 1 and cart["lines"][0]["quantity"] == 3


def test_cart_add_refusals_name_the_product(alice: ApiClient) -> None:
    error = expect_error(alice.post("/api/cart/items", json={"sku": "AUD-1004"}), 409)
    assert "Studio Monitor Headphones" in error["message"] and "out of stock" in error["message"]
    error = expect_error(alice.post("/api/cart/items", json={"sku": "OFF-1405"}), 409)
    assert "OFF-1405" in error["message"] and "no longer sold" in error["message"]
    # Ergonomic Office Chair: 7 in stock.
    expect(alice.post("/api/cart/items", json={"sku": "OFF-1403", "quantity": 5}), 201)
    error = expect_error(
        alice.post("/api/cart/items", json={"sku": "OFF-1403", "quantity": 3}), 409
    )
    assert "only 7" in error["message"] and "already has 5" in error["message"]
    error = expect_error(alice.post("/api/cart/items", json={"sku": "NOPE"}), 404)
    assert "'NOPE'" in error["message"]
    error = expect_error(
        alice.post("/api/cart/items", json={"sku": "KIT-4001", "product_id": 17}), 422
    )
    assert "exactly one of product_id or sku" in error["message"]
    expect_error(alice.post("/api/cart/items", json={"sku": "KIT-4001", "quantity": 0}), 422)


def test_update_remove_and_clear(alice: ApiClient) -> None:
    cart = expect(alice.patch("/api/cart/items/2", json={"quantity": 5}), 200)
    assert cart["lines"][1]["quantity"] == 5 and cart["item_count"] == 6
    error = expect_error(alice.patch("/api/cart/items/2", json={"quantity": 96}), 409)
    assert "only 95" in error["message"]
    cart = expect(alice.patch("/api/cart/items/2", json={"quantity": 0}), 200)
    assert [line["id"] for line in cart["lines"]] == [1]
    cart = expect(alice.delete("/api/cart/items/1"), 200)
    assert cart["lines"] == [] and cart["total"] == 0.0
    expect_error(alice.delete("/api/cart/items/1"), 404)
    expect(alice.post("/api/cart/items", json={"sku": "KIT-4001"}), 201)
    assert expect(alice.delete("/api/cart"), 200)["item_count"] == 0


def test_cart_lines_of_another_user_are_forbidden(alice: ApiClient, bob: ApiClient) -> None:
    bobs_line = expect(bob.get("/api/cart"), 200)["lines"][0]["id"]
    error = expect_error(alice.patch(f"/api/cart/items/{bobs_line}", json={"quantity": 3}), 403)
    assert "another account" in error["message"]
    expect_error(alice.delete(f"/api/cart/items/{bobs_line}"), 403)
    expect(alice.delete("/api/cart"), 200)
    assert len(expect(bob.get("/api/cart"), 200)["lines"]) == 1


def test_checkout_creates_a_paid_order_takes_stock_and_empties_the_cart(
    shop: ApiClient, alice: ApiClient
) -> None:
    before = product(shop, "GRC-1301")["stock"]
    order = expect(
        alice.post(
            "/api/checkout",
            json={"address_id": 2, "payment_method_id": 1, "note": "Ring twice"},
        ),
        201,
    )
    assert order["code"] == "ORD-100009" and order["status"] == "paid"
    assert order["subtotal"] == 71.48 and order["shipping"] == 0 and order["total"] == 71.48
    assert [(i["sku"], i["quantity"], i["unit_price"]) for i in order["items"]] == [
        ("KIT-4004", 1, 27.5),
        ("GRC-1301", 2, 21.99),
    ]
    assert order["ship_to"]["line2"] == "Floor 12" and order["payment_label"] == "Visa ending 4242"
    assert order["note"] == "Ring twice"
    assert [e["status"] for e in order["events"]] == ["paid"]
    assert order["placed_at"] == order["events"][0]["at"]
    assert product(shop, "GRC-1301")["stock"] == before - 2
    assert expect(alice.get("/api/cart"), 200)["lines"] == []
    listed = expect(alice.get("/api/orders"), 200)["items"][0]
    assert listed["code"] == "ORD-100009" and listed["item_count"] == 3


def test_checkout_with_a_gift_card_debits_its_balance(bob: ApiClient, alice: ApiClient) -> None:
    expect(alice.delete("/api/cart"), 200)
    expect(alice.post("/api/cart/items", json={"sku": "PHN-3001"}), 201)  # 19.99 + 4.99
    order = expect(alice.post("/api/checkout", json={"address_id": 1, "payment_method_id": 2}), 201)
    assert order["total"] == 24.98 and order["payment_type"] == "gift_card"
    gift = expect(alice.get("/api/payment-methods"), 200)["items"][1]
    assert gift["balance"] == 0.02


def test_checkout_refusals(alice: ApiClient, bob: ApiClient, carol: ApiClient) -> None:
    error = expect_error(
        alice.post("/api/checkout", json={"address_id": 1, "payment_method_id": 2}), 409
    )
    assert "$25.00 left" in error["message"] and "$71.48" in error["message"]
    error = expect_error(
        alice.post("/api/checkout", json={"address_id": 3, "payment_method_id": 1}), 403
    )
    assert "address 3 belongs to another account" in error["message"]
    error = expect_error(
        alice.post("/api/checkout", json={"address_id": 1, "payment_method_id": 3}), 403
    )
    assert "payment method 3" in error["message"]
    error = expect_error(
        alice.post("/api/checkout", json={"address_id": 77, "payment_method_id": 1}), 404
    )
    assert "address 77" in error["message"]
    expect(carol.post("/api/cart/items", json={"sku": "KIT-4001"}), 201)
    error = expect_error(
        carol.post("/api/checkout", json={"address_id": 4, "payment_method_id": 5}), 409
    )
    assert "Amex ending 1005 expired in 01/2025" in error["message"]
    expect(bob.delete("/api/cart"), 200)
    error = expect_error(
        bob.post("/api/checkout", json={"address_id": 3, "payment_method_id": 3}), 409
    )
    assert "cart is empty" in error["message"]
    # Nothing was taken by the refused attempts.
    assert len(expect(alice.get("/api/cart"), 200)["lines"]) == 2
    assert expect(alice.get("/api/orders"), 200)["total"] == 4


def test_checkout_fails_naming_the_product_when_someone_else_bought_the_last_units(
    shop: ApiClient, alice: ApiClient, bob: ApiClient
) -> None:
    # Adjustable Dumbbells: 9 in stock. Both put 5 in their carts; bob checks out first.
    for user in (alice, bob):
        expect(user.delete("/api/cart"), 200)
        expect(user.post("/api/cart/items", json={"sku": "SPT-9003", "quantity": 5}), 201)
    expect(bob.post("/api/checkout", json={"address_id": 3, "payment_method_id": 3}), 201)
    error = expect_error(
        alice.post("/api/checkout", json={"address_id": 1, "payment_method_id": 1}), 409
    )
    assert "'Adjustable Dumbbells, 5-25 lb' (SPT-9003) ran out of stock" in error["message"]
    assert "only 4 left" in error["message"]
    assert product(shop, "SPT-9003")["stock"] == 4
    assert len(expect(alice.get("/api/cart"), 200)["lines"]) == 1


def test_checkout_is_audited_with_every_row_it_changed(shop: ApiClient, alice: ApiClient) -> None:
    expect(alice.post("/api/checkout", json={"address_id": 1, "payment_method_id": 1}), 201)
    entry = shop.audit()[-1]
    assert entry["path"] == "/api/checkout" and entry["username"] == "alice"
    assert entry["status"] == 201
    changes = {(c["table"], c["action"], c["row_id"]) for c in entry["changes"]}
    assert ("orders", "insert", "9") in changes
    assert ("cart_items", "delete", "1") in changes and ("cart_items", "delete", "2") in changes
    events = [c for c in entry["changes"] if c["table"] == "order_events"]
    assert [(c["action"], c["after"]["status"], c["after"]["order_id"]) for c in events] == [
        ("insert", "paid", 9)
    ]
    stock = next(
        c for c in entry["changes"] if c["table"] == "products" and c["after"]["sku"] == "GRC-1301"
    )
    assert stock["action"] == "update" and stock["after"]["stock"] == stock["before"]["stock"] - 2
    items = [c for c in entry["changes"] if c["table"] == "order_items"]
    assert sorted(c["after"]["sku"] for c in items) == ["GRC-1301", "KIT-4004"]


def test_a_discontinued_product_left_in_a_cart_blocks_checkout(
    live_service: Callable[..., ApiClient],
) -> None:
    seed = default_seed()
    seed["users"][0]["cart"].append({"sku": "OFF-1405", "quantity": 1})
    alice = live_service("shop", seed).as_user("alice", "alice-pass")
    cart = expect(alice.get("/api/cart"), 200)
    label_maker = cart["lines"][-1]
    assert label_maker["sku"] == "OFF-1405" and label_maker["active"] is False
    error = expect_error(
        alice.post("/api/checkout", json={"address_id": 1, "payment_method_id": 1}), 409
    )
    assert "'Label Maker (Discontinued)' (OFF-1405) is no longer sold" in error["message"]
    error = expect_error(
        alice.patch(f"/api/cart/items/{label_maker['id']}", json={"quantity": 2}), 409
    )
    assert "no longer sold" in error["message"]
    expect(alice.patch(f"/api/cart/items/{label_maker['id']}", json={"quantity": 0}), 200)
    order = expect(alice.post("/api/checkout", json={"address_id": 1, "payment_method_id": 1}), 201)
    assert [i["sku"] for i in order["items"]] == ["KIT-4004", "GRC-1301"]


def test_a_product_id_out_of_range_is_refused_and_logged(shop: ApiClient, alice: ApiClient) -> None:
    expect_error(alice.post("/api/cart/items", json={"product_id": 2**64}), 422)
    entry = shop.audit()[-1]
    assert (entry["path"], entry["status"], entry["username"]) == ("/api/cart/items", 422, "alice")
    assert entry["body"] == {"product_id": 2**64}


def test_a_buy_now_checkout_orders_one_product_alone_and_leaves_the_cart(
    shop: ApiClient, alice: ApiClient
) -> None:
    """``product_id`` and ``quantity`` check out that product alone (a product page's Buy now):
    its stock is taken, the cart keeps its lines; an out-of-stock one is refused as a cart's."""
    cart = expect(alice.get("/api/cart"), 200)["lines"]
    before = product(shop, "KIT-4001")["stock"]
    pay = {"address_id": 2, "payment_method_id": 1}
    kit = product(shop, "KIT-4001")["id"]
    order = expect(alice.post("/api/checkout", json={**pay, "product_id": kit, "quantity": 2}), 201)
    assert [(i["sku"], i["quantity"]) for i in order["items"]] == [("KIT-4001", 2)]
    assert product(shop, "KIT-4001")["stock"] == before - 2
    assert expect(alice.get("/api/cart"), 200)["lines"] == cart
    gone = product(shop, "AUD-1004")["id"]
    error = expect_error(alice.post("/api/checkout", json={**pay, "product_id": gone}), 409)
    assert "AUD-1004" in error["message"]
    expect_error(alice.post("/api/checkout", json={**pay, "quantity": 2}), 422)
