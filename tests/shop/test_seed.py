"""The seed document: validation errors that name the JSON path, defaults, round trips, and
the synthetic catalogue used by benchmarks."""

from __future__ import annotations

import copy
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from mock_services.core.base.settings import Settings
from mock_services.core.seeding.seed import SeedError, export_service
from mock_services.core.serve.seeding import seed_service
from mock_services.shop.catalogue import generate_catalogue
from mock_services.shop.service import SPEC, default_seed
from tests.helpers import ApiClient, expect

APP_TABLES = (
    "users",
    "addresses",
    "payment_methods",
    "categories",
    "products",
    "cart_items",
    "orders",
    "order_items",
    "order_events",
)


def minimal() -> dict[str, Any]:
    return {
        "users": [
            {
                "username": "alice",
                "password": "pw",
                "display_name": "Alice",
                "email": "alice@example.test",
                "addresses": [
                    {
                        "label": "Home",
                        "recipient": "Alice",
                        "line1": "1 Main St",
                        "city": "Springfield",
                        "postal_code": "12345",
                        "country": "US",
                    }
                ],
                "payment_methods": [
                    {
                        "type": "card",
                        "brand": "Visa",
                        "last4": "4242",
                        "exp_month": 1,
                        "exp_year": 2030,
                    }
                ],
            }
        ],
        "categories": [{"slug": "books", "name": "Books"}],
        "products": [
            {
                "sku": "BK-1",
                "name": "A Book",
                "brand": "Pressy",
                "category": "books",
                "price": 12.5,
                "stock": 3,
            },
            {
                "sku": "BK-2",
                "name": "Another Book",
                "brand": "Pressy",
                "category": "books",
                "price": 40,
                "stock": 0,
            },
        ],
        "orders": [
            {
                "user": "alice",
                "status": "paid",
                "placed_at": "-1d 10:00",
                "items": [{"sku": "BK-1", "quantity": 2}],
            }
        ],
    }


def seed(tmp_path: Path, document: dict[str, Any]) -> Settings:
    settings = Settings(data_dir=tmp_path / "data")
    seed_service(SPEC, document, settings)
    return settings


def rows(settings: Settings, sql: str) -> list[tuple]:
    with sqlite3.connect(settings.db_path("shop")) as conn:
        return conn.execute(sql).fetchall()


def _set(path: str, value: Any) -> Callable[[dict[str, Any]], None]:
    def change(document: dict[str, Any]) -> None:
        *parents, last = path.split(".")
        target: Any = document
        for part in parents:
            target = target[int(part)] if part.isdigit() else target[part]
        target[int(last) if last.isdigit() else last] = value

    return change


BAD_SEEDS = [
    ("orders.0.user", "zed", "shop.orders[0].user: unknown user 'zed'; expected one of: 'alice'"),
    ("products.1.category", "toys", "shop.products[1].category: unknown category 'toys'"),
    ("products.1.sku", "BK-1", "shop.products[1].sku: duplicate product 'BK-1'"),
    ("products.0.price", 12.345, "shop.products[0].price: expected an amount with at most 2"),
    ("products.0.stock", -1, "shop.products[0].stock: Input should be greater than or equal to 0"),
    ("products.0.colour", "red", "shop.products[0].colour: Extra inputs are not permitted"),
    ("orders.0.placed_at", "yesterday", "shop.orders[0].placed_at: 'yesterday' is not a date"),
    ("orders.0.status", "delivered", "shop.orders[0]: a delivered order needs delivered_at"),
    ("orders.0.items", [], "shop.orders[0].items: List should have at least 1 item"),
    ("orders.0.items.0.sku", "NOPE", "shop.orders[0].items[0].sku: unknown product 'NOPE'"),
    (
        "orders.0.address",
        "Cabin",
        "shop.orders[0].address: user 'alice' has no address labelled 'Cabin'; expected one of: "
        "'Home'",
    ),
    (
        "orders.0.payment",
        "Amex",
        "shop.orders[0].payment: user 'alice' has no payment method labelled 'Amex'",
    ),
    ("orders.0.refunded", 99.0, "shop.orders[0].refunded: refunded 99.0 exceeds the order total"),
    (
        "orders.0.refund_method",
        "store_credit",
        "shop.orders[0]: a paid order has no return, so no refund_method",
    ),
    (
        "orders.0.carrier",
        "UPS",
        "shop.orders[0]: a paid order has not shipped, so no carrier or tracking",
    ),
    ("users.0.store_credit", -1, "shop.users[0].store_credit: Input should be greater than"),
    (
        "users.0.payment_methods.0.last4",
        None,
        "shop.users[0].payment_methods[0]: a card payment method needs last4",
    ),
    (
        "users.0.payment_methods.0.balance",
        5,
        "shop.users[0].payment_methods[0]: a card payment method has no balance",
    ),
    ("users.0.addresses.0.country", "USA", "shop.users[0].addresses[0].country: String should"),
    (
        "users.0.cart",
        [{"sku": "BK-9", "quantity": 1}],
        "shop.users[0].cart[0].sku: unknown product 'BK-9'",
    ),
    (
        "categories",
        [{"slug": "a", "name": "A", "parent": "b"}, {"slug": "b", "name": "B", "parent": "a"}],
        "shop.categories[0].parent: categories form a cycle",
    ),
]


@pytest.mark.parametrize(("path", "value", "message"), BAD_SEEDS, ids=[b[0] for b in BAD_SEEDS])
def test_bad_seeds_name_the_json_path_and_the_problem(
    tmp_path: Path, path: str, value: Any, message: str
) -> None:
    document = minimal()
    _set(path, value)(document)
    with pytest.raises(SeedError) as caught:
        seed(tmp_path, document)
    assert message in str(caught.value)
    assert not (tmp_path / "data" / "shop.db").exists(), "a bad seed must leave no DB behind"


def test_structural_seed_errors(tmp_path: Path) -> None:
    document = minimal()
    document["users"][0]["addresses"].append(
        {**document["users"][0]["addresses"][0], "label": "Work", "default": True}
    )
    document["users"][0]["addresses"][0]["default"] = True
    with pytest.raises(SeedError, match=r"shop\.users\[0\]\.addresses\[1\]\.default: only one"):
        seed(tmp_path, document)

    document = minimal()
    document["users"].append(
        {**copy.deepcopy(document["users"][0]), "username": "bob", "email": "bob@example.test"}
    )
    document["users"][0]["addresses"][0]["id"] = 5
    document["users"][1]["addresses"][0]["id"] = 5
    with pytest.raises(SeedError) as caught:
        seed(tmp_path, document)
    assert (
        "shop.users[1].addresses[0].id: id 5 is already pinned at shop.users[0].addresses[0]"
        in str(caught.value)
    )

    document = minimal()
    document["orders"].append({**document["orders"][0], "code": "ORD-100001"})
    with pytest.raises(SeedError, match=r"shop\.orders\[1\]\.code: duplicate order 'ORD-100001'"):
        seed(tmp_path, document)


def test_defaults_fill_in_labels_defaults_totals_and_history(tmp_path: Path) -> None:
    document = minimal()
    document["orders"].append(
        {
            "user": "alice",
            "status": "delivered",
            "placed_at": "-10d 09:00",
            "delivered_at": "-7d 15:00",
            "code": "LEGACY-1",
            "items": [{"sku": "BK-2", "quantity": 1, "unit_price": 35}],
        }
    )
    settings = seed(tmp_path, document)
    assert rows(settings, "SELECT label, is_default FROM payment_methods") == [
        ("Visa ending 4242", 1)
    ]
    assert rows(settings, "SELECT is_default FROM addresses") == [(1,)]
    assert rows(
        settings,
        "SELECT code, subtotal_cents, shipping_cents, total_cents, payment_label, ship_city "
        "FROM orders ORDER BY id",
    ) == [
        ("ORD-100001", 2500, 499, 2999, "Visa ending 4242", "Springfield"),
        ("LEGACY-1", 3500, 499, 3999, "Visa ending 4242", "Springfield"),
    ]
    assert rows(settings, "SELECT status, at FROM order_events WHERE order_id = 2 ORDER BY id") == [
        ("paid", "2026-02-20 09:00:00.000000"),
        ("processing", "2026-02-20 11:00:00.000000"),
        ("shipped", "2026-02-21 09:00:00.000000"),
        ("delivered", "2026-02-23 15:00:00.000000"),
    ]


def test_default_seed_is_realistic(tmp_path: Path) -> None:
    settings = seed(tmp_path, default_seed())
    assert rows(settings, "SELECT count(*) FROM products") == [(62,)]
    assert rows(settings, "SELECT count(*) FROM categories WHERE parent_id IS NULL") >= [(8,)]
    assert rows(settings, "SELECT count(*) FROM users") == [(3,)]
    statuses = {s for (s,) in rows(settings, "SELECT DISTINCT status FROM orders")}
    assert {"paid", "processing", "shipped", "delivered", "cancelled", "return_requested"} <= (
        statuses
    )


def test_export_after_api_changes_reseeds_to_the_same_rows(
    live_service: Callable[..., ApiClient], tmp_path: Path
) -> None:
    shop = live_service("shop")
    alice = shop.as_user("alice", "alice-pass")
    bob = shop.as_user("bob", "bob-pass")
    # Interleave users so that nested rows get ids out of document order.
    expect(bob.post("/api/cart/items", json={"sku": "KIT-4001"}), 201)
    expect(
        alice.post(
            "/api/addresses",
            json={
                "label": "Cabin",
                "recipient": "A",
                "line1": "1 Pine",
                "city": "Truckee",
                "postal_code": "96161",
                "country": "US",
                "is_default": True,
            },
        ),
        201,
    )
    order = expect(alice.post("/api/checkout", json={"address_id": 1, "payment_method_id": 1}), 201)
    expect(alice.post(f"/api/orders/{order['code']}/cancel", json={}), 200)
    expect(alice.post("/api/orders/ORD-100002/confirm-receipt"), 200)
    expect(
        alice.post(
            "/api/orders/ORD-100001/return",
            json={"reason": "Too big", "refund_method": "store_credit"},
        ),
        200,
    )
    expect(alice.delete("/api/addresses/1"), 204)
    expect(alice.post("/api/cart/items", json={"sku": "BK-6001"}), 201)
    long_email = "a" * 60 + "@" + "b" * 180 + ".example"  # its derived label is long too
    expect(
        alice.post("/api/payment-methods", json={"type": "paypal", "paypal_email": long_email}), 201
    )
    exported = expect(shop.admin("GET", "/admin/export"), 200)
    again = Settings(data_dir=tmp_path / "again")
    seed_service(SPEC, exported, again)
    assert export_service(SPEC, again) == exported
    live_db = tmp_path / "mock-data" / "shop.db"  # where live_service keeps the served DB
    with sqlite3.connect(live_db) as live, sqlite3.connect(again.db_path("shop")) as reseeded:
        for table in APP_TABLES:
            query = f"SELECT * FROM {table} ORDER BY id"
            assert reseeded.execute(query).fetchall() == live.execute(query).fetchall(), table
    assert rows(again, "SELECT status, refunded_cents FROM orders WHERE code = 'ORD-100009'") == [
        ("cancelled", 7148)
    ]
    assert rows(again, "SELECT address_id, ship_line1 FROM orders WHERE id = 1") == [
        (None, "742 Evergreen Terrace")
    ]
    # a whole order returned as store credit: everything back, on the profile's balance
    assert rows(
        again, "SELECT return_refund_method, refunded_cents - total_cents FROM orders WHERE id = 1"
    ) == [("store_credit", 0)]
    assert rows(again, "SELECT store_credit_cents FROM users WHERE username = 'alice'") == rows(
        again, "SELECT total_cents FROM orders WHERE id = 1"
    )


def test_generated_catalogue_is_deterministic_and_seeds_whole(tmp_path: Path) -> None:
    first, second = generate_catalogue(10_000, seed=3), generate_catalogue(10_000, seed=3)
    assert first == second and first != generate_catalogue(10_000, seed=4)
    assert len(first["products"]) == 10_000
    assert len({p["sku"] for p in first["products"]}) == 10_000
    settings = seed(tmp_path, first)
    assert rows(settings, "SELECT count(*), count(DISTINCT sku) FROM products") == [
        (10_000, 10_000)
    ]
    assert rows(settings, "SELECT sku, price_cents FROM products WHERE id = 10000") == [
        ("GEN-010000", round(first["products"][-1]["price"] * 100))
    ]


def test_a_product_without_a_price_is_reported_like_any_missing_field(tmp_path: Path) -> None:
    document = minimal()
    del document["products"][0]["price"]
    with pytest.raises(SeedError) as caught:
        seed(tmp_path, document)
    assert "shop.products[0].price: Field required" in str(caught.value)


def test_brand_sku_and_category_filters_are_served_by_indexes(tmp_path: Path) -> None:
    settings = seed(tmp_path, generate_catalogue(200))
    plans = {
        "brand": ("active = 1 AND lower(brand) = 'nimbus'", "ix_products_brand"),
        "sku": ("sku = 'GEN-000007'", "ix_products_sku"),
        # seeding leaves statistics: a category is more selective than active = 1
        "category": ("active = 1 AND category_id IN (3, 4)", "ix_products_category"),
    }
    for name, (where, index) in plans.items():
        sql = f"EXPLAIN QUERY PLAN SELECT id FROM products WHERE {where}"
        (plan,) = [row[3] for row in rows(settings, sql)]
        assert f"USING INDEX {index}" in plan or f"COVERING INDEX {index}" in plan, (name, plan)
    duplicate = (
        "INSERT INTO products SELECT 999, sku, name, description, brand, category_id, "
        "price_cents, stock, rating, review_count, created_at, active FROM products LIMIT 1"
    )
    with pytest.raises(sqlite3.IntegrityError, match=r"UNIQUE constraint failed: products\.sku"):
        rows(settings, duplicate)


def test_seeded_return_is_refunded_by_the_return_rule(tmp_path: Path) -> None:
    document = minimal()
    document["users"][0]["store_credit"] = 12.5
    order = document["orders"][0]
    order.update(status="return_requested", delivered_at="-1d 12:00", return_reason="Torn")
    order["items"][0]["return_quantity"] = 1  # one of two: no shipping back
    document["orders"].append(
        {
            **order,
            "refund_method": "store_credit",
            "items": [{"sku": "BK-1", "quantity": 2, "return_quantity": 2}],
        }
    )
    settings = seed(tmp_path, document)
    # 2 x 12.50 = 25.00 < 50.00, so each order paid 4.99 shipping; only a full return gets it back
    assert rows(
        settings, "SELECT return_refund_method, refunded_cents, total_cents FROM orders ORDER BY id"
    ) == [("original_payment", 1250, 2999), ("store_credit", 2999, 2999)]
    assert rows(settings, "SELECT store_credit_cents FROM users") == [(1250,)]


def test_a_product_without_a_date_is_first_available_no_later_than_its_first_sale(
    tmp_path: Path,
) -> None:
    """A product the seed dates nowhere read "First available" on the seed's day although its
    own orders were placed weeks before: it now dates from its first order, else from now."""
    document = minimal()
    document["orders"].append(
        {
            "user": "alice",
            "status": "delivered",
            "placed_at": "-10d 09:00",
            "delivered_at": "-7d 15:00",
            "items": [{"sku": "BK-2", "quantity": 1}],
        }
    )
    document["products"].append({**document["products"][1], "sku": "BK-3", "name": "Third"})
    settings = seed(tmp_path, document)
    assert rows(settings, "SELECT sku, created_at FROM products ORDER BY id") == [
        ("BK-1", "2026-03-01 10:00:00.000000"),
        ("BK-2", "2026-02-20 09:00:00.000000"),
        ("BK-3", "2026-03-02 09:00:00.000000"),
    ]
