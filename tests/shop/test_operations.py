"""Operations (admin token): a product's price and stock set by the shop's staff (or a task's
world events), as carts and checkout then see them."""

from __future__ import annotations

from typing import Any

from tests.helpers import ApiClient, expect, expect_error


def _update(shop: ApiClient, product_id: int, **body: Any) -> Any:
    return shop.admin("PATCH", f"/api/admin/products/{product_id}", json=body)


def _product_id(shop: ApiClient, sku: str) -> int:
    return int(expect(shop.get(f"/api/products/sku/{sku}"), 200)["id"])


def test_update_product_needs_the_admin_token(shop: ApiClient, alice: ApiClient) -> None:
    pid = _product_id(shop, "GRC-1301")
    refused = alice.patch(f"/api/admin/products/{pid}", json={"stock": 1})
    assert "X-Admin-Token" in expect_error(refused, 401)["message"]
    assert expect(shop.get(f"/api/products/{pid}"), 200)["stock"] != 1


def test_update_product_refusals(shop: ApiClient) -> None:
    assert "no product with id 9999" in expect_error(_update(shop, 9999, stock=1), 404)["message"]
    pid = _product_id(shop, "GRC-1301")
    assert "at least one of" in expect_error(_update(shop, pid), 422)["message"]
    expect_error(_update(shop, pid, stock=-1), 422)
    expect_error(_update(shop, pid, price=1.234), 422)


def test_carts_see_the_new_price_and_checkout_refuses_more_than_the_new_stock(
    shop: ApiClient, alice: ApiClient
) -> None:
    # alice's seeded cart: 1 KIT-4004 and 2 GRC-1301
    kettle, coffee = _product_id(shop, "KIT-4004"), _product_id(shop, "GRC-1301")
    updated = expect(_update(shop, kettle, price=30.0), 200)
    assert updated["price"] == 30.0 and updated["sku"] == "KIT-4004"
    updated = expect(_update(shop, coffee, stock=1), 200)
    assert (updated["stock"], updated["in_stock"]) == (1, True)
    cart = expect(alice.get("/api/cart"), 200)
    first, second = cart["lines"]
    assert (first["unit_price"], first["stock"]) == (30.0, 53)
    assert (second["quantity"], second["stock"]) == (2, 1)
    error = expect_error(
        alice.post("/api/checkout", json={"address_id": 1, "payment_method_id": 1}), 409
    )
    assert "(GRC-1301) ran out of stock" in error["message"] and "only 1 left" in error["message"]
    line = cart["lines"][1]["id"]
    expect(alice.patch(f"/api/cart/items/{line}", json={"quantity": 1}), 200)
    order = expect(alice.post("/api/checkout", json={"address_id": 1, "payment_method_id": 1}), 201)
    kept = [(i["sku"], i["unit_price"], i["quantity"]) for i in order["items"]]
    assert kept == [("KIT-4004", 30.0, 1), ("GRC-1301", 21.99, 1)]
    assert expect(shop.get(f"/api/products/{coffee}"), 200)["in_stock"] is False


def test_update_product_is_audited(shop: ApiClient) -> None:
    pid = _product_id(shop, "GRC-1301")
    expect(_update(shop, pid, stock=0, price=25.5), 200)
    entry = shop.audit()[-1]
    assert (entry["method"], entry["status"]) == ("PATCH", 200)
    assert entry["operation"] == "update_product"
    [change] = entry["changes"]
    assert (change["table"], change["action"], change["row_id"]) == ("products", "update", str(pid))
    assert (change["after"]["stock"], change["after"]["price_cents"]) == (0, 2550)
