"""Operations (admin token): a product's price and stock set by the shop's staff (or a task's
world events), as carts and checkout then see them."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from mock_services.core.base.settings import Settings
from mock_services.core.data.world_marks import mark_data_dir
from mock_services.core.seeding.seed import TaskSeed
from mock_services.core.serve.process import ServiceProcess, free_port
from mock_services.core.serve.seeding import seed_read
from mock_services.registry import SpecIndex
from mock_services.shop.service import default_seed
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


@pytest.mark.process  # a real server, as a task runs it
def test_a_world_event_sells_a_product_out_after_the_agents_first_cart_line(
    tmp_path: Path,
) -> None:
    """The operation as a seed's world event does it (shop-stock-runs-out): through the shop's
    own app, once the agent's first add_cart_item is answered, logged as the world's."""
    document = {
        "now": "2026-03-10T14:00:00Z",
        "timezone": "UTC",
        "logins": ["alice"],
        "events": [
            {
                "id": "sells-out",
                "service": "shop",
                "operation": "update_product",
                "params": {"product_id": 2},
                "body": {"stock": 1},
                "when": {"after_operation": {"operation": "add_cart_item", "count": 1}},
            }
        ],
        "shop": default_seed(),
    }
    (tmp_path / "seed.json").write_text(json.dumps(document))
    settings = Settings(data_dir=tmp_path / "data")
    index = SpecIndex(["shop"])
    seed_read(index, TaskSeed.read(tmp_path / "seed.json", index), settings, only="shop")
    mark_data_dir(settings.data_dir, "start", ["shop"])
    process = ServiceProcess("shop", free_port(), settings.data_dir).start()
    try:
        shop = ApiClient(process.url, process.admin_token)
        alice = shop.as_user("alice", "alice-pass")
        sku = expect(shop.get("/api/products/2"), 200)["sku"]
        expect(alice.delete("/api/cart"), 200)
        added = expect(alice.post("/api/cart/items", json={"sku": sku, "quantity": 3}), 201)
        assert added["lines"][0]["stock"] > 3  # the answer was made before the event
        assert expect(alice.get("/api/cart"), 200)["lines"][0]["stock"] == 1
        error = expect_error(
            alice.post("/api/checkout", json={"address_id": 1, "payment_method_id": 1}), 409
        )
        assert "only 1 left" in error["message"]
        [world] = [e for e in shop.audit() if e["via"] == "world"]
        assert (world["operation"], world["event"], world["status"]) == (
            "update_product",
            "sells-out",
            200,
        )
    finally:
        process.stop()
