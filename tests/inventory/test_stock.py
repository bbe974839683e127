"""Products and stock: listings with their filters, stock per bin, transfers and adjustments
recorded as moves, refusals that name the numbers, low stock and its alerts, and roles."""

from __future__ import annotations

from collections.abc import Callable

from tests.helpers import ApiClient, expect, expect_error


def skus(client: ApiClient, path: str = "/api/products", **params: object) -> list[str]:
    page = expect(client.get(path, params={"per_page": 100, **params}), 200)
    return [p["sku"] for p in page["items"]]


def test_the_catalogue_filters_and_shows_stock_over_both_warehouses(frank: ApiClient) -> None:
    assert len(skus(frank)) == 40
    assert skus(frank, q="rain jacket") == ["JKT-RN-L", "JKT-RN-M", "JKT-RN-WS"]
    assert skus(frank, supplier="evergreen packaging") == ["BOX-M", "BOX-S", "FILL-AIR", "TAPE-48"]
    low = ["BOX-M", "GPS-HH", "JKT-RN-M", "PWR-10K", "SLB-M7", "STV-CMP"]
    assert skus(frank, low="true") == low == skus(frank, "/api/low-stock")
    tent = expect(frank.get("/api/products/tnt-2p"), 200)
    assert (tent["on_hand"], tent["reserved"], tent["available"], tent["low"]) == (27, 4, 23, False)
    assert [(loc["bin"], loc["available"]) for loc in tent["locations"]] == [
        ("EAST-A-01", 18),
        ("WEST-A-01", 5),
    ]
    stove = expect(frank.get("/api/products/STV-CMP"), 200)
    assert (stove["available"], stove["on_order"], stove["supplier"]) == (
        9,
        24,
        "Ridgeline Metalworks",
    )


def test_stock_levels_list_each_bin(frank: ApiClient) -> None:
    page = expect(frank.get("/api/stock", params={"bin": "east-b-03", "sku": "LMP-HD"}), 200)
    assert page["items"] == [
        {
            "sku": "LMP-HD",
            "product_name": "Headlamp 350 lm",
            "warehouse": "EAST",
            "bin": "EAST-B-03",
            "on_hand": 21,
            "reserved": 8,
            "available": 13,
        }
    ]
    assert expect(frank.get("/api/stock", params={"warehouse": "WEST"}), 200)["total"] == 40
    empty = expect(frank.get("/api/stock", params={"sku": "GPS-HH", "in_stock": "true"}), 200)
    assert empty["total"] == 0


def test_a_transfer_moves_available_stock_and_is_recorded(
    bob: ApiClient, inventory_db: Callable[[str], list[tuple]]
) -> None:
    body = {"sku": "TNT-2P", "from_bin": "EAST-A-01", "to_bin": "WEST-A-01", "quantity": 6}
    move = expect(bob.post("/api/stock/transfers", json={**body, "note": "Spring rush"}), 201)
    assert (move["kind"], move["user"], move["low_stock_alert"]) == ("transfer", "bob", False)
    assert [(s["bin"], s["on_hand"], s["reserved"]) for s in move["stock"]] == [
        ("EAST-A-01", 12, 0),
        ("WEST-A-01", 15, 4),
    ]
    history = expect(bob.get("/api/moves", params={"sku": "TNT-2P", "kind": "transfer"}), 200)
    assert history["items"][0]["id"] == move["id"] and history["items"][0]["note"] == "Spring rush"
    too_many = {**body, "from_bin": "WEST-A-01", "to_bin": "EAST-A-01", "quantity": 12}
    message = expect_error(bob.post("/api/stock/transfers", json=too_many), 409)["message"]
    assert "only 11 of TNT-2P (Trailhead 2-Person Tent) available at WEST-A-01" in message
    assert "(15 on hand, 4 reserved); 12 asked for" in message
    assert inventory_db(
        "SELECT on_hand FROM stock_levels s JOIN bins b ON b.id = s.bin_id "
        "JOIN products p ON p.id = s.product_id WHERE p.sku = 'TNT-2P' ORDER BY b.code"
    ) == [(12,), (15,)]


def test_adjustments_take_a_reason_and_a_change_or_a_count(bob: ApiClient) -> None:
    damaged = {"sku": "TRP-33", "bin": "EAST-A-01", "reason": "damage", "change": -2}
    move = expect(bob.post("/api/stock/adjustments", json=damaged), 201)
    assert (move["from_bin"], move["to_bin"], move["quantity"], move["reason"]) == (
        "EAST-A-01",
        None,
        2,
        "damage",
    )
    counted = {"sku": "TRP-33", "bin": "EAST-A-01", "reason": "count_correction", "counted": 15}
    move = expect(bob.post("/api/stock/adjustments", json=counted), 201)
    assert (move["to_bin"], move["quantity"], move["stock"][0]["on_hand"]) == ("EAST-A-01", 3, 15)
    found = expect(bob.get("/api/moves", params={"reason": "damage", "warehouse": "EAST"}), 200)
    assert [m["sku"] for m in found["items"]] == ["TRP-33", "TNT-4P"]


def test_an_adjustment_may_not_eat_into_reserved_stock(bob: ApiClient) -> None:
    body = {"sku": "LMP-HD", "bin": "EAST-B-03", "reason": "loss", "change": -14}
    message = expect_error(bob.post("/api/stock/adjustments", json=body), 409)["message"]
    assert "EAST-B-03 would hold 7 of LMP-HD with 8 reserved for sales orders" in message


def test_crossing_the_reorder_point_raises_one_alert(
    bob: ApiClient, inventory_db: Callable[[str], list[tuple]]
) -> None:
    body = {"sku": "LMP-HD", "bin": "WEST-B-01", "reason": "damage", "change": -1}
    first = expect(bob.post("/api/stock/adjustments", json=body), 201)
    assert first["low_stock_alert"] is True  # 16 available, now 15: at the point
    second = expect(bob.post("/api/stock/adjustments", json=body), 201)
    assert second["low_stock_alert"] is False  # already low: no second alert
    [latest, *_] = expect(bob.get("/api/low-stock/alerts"), 200)["items"]
    assert (latest["sku"], latest["available"], latest["reorder_point"], latest["reference"]) == (
        "LMP-HD",
        15,
        15,
        f"move {first['id']}",
    )
    assert "LMP-HD" in skus(bob, "/api/low-stock")
    assert inventory_db("SELECT count(*) FROM low_stock_alerts") == [(3,)]


def test_products_and_suppliers_are_managed_by_managers(alice: ApiClient, bob: ApiClient) -> None:
    supplier = {"name": "Cascade Fabrics", "email": "Orders@Cascade.example", "lead_time_days": 9}
    added = expect(alice.post("/api/suppliers", json=supplier), 201)
    assert (added["email"], added["products"]) == ("orders@cascade.example", [])
    expect_error(alice.post("/api/suppliers", json={**supplier, "name": "cascade fabrics"}), 409)
    body = {
        "sku": "tnt-1p",
        "name": "Solo Tent",
        "cost": 70,
        "price": 149.5,
        "supplier": "Cascade Fabrics",
        "reorder_point": 3,
        "reorder_quantity": 6,
    }
    product = expect(alice.post("/api/products", json=body), 201)
    assert (product["sku"], product["available"], product["low"], product["locations"]) == (
        "TNT-1P",
        0,
        True,
        [],
    )
    assert (
        "TNT-2P"
        in expect_error(alice.post("/api/products", json={**body, "sku": "TNT-2P"}), 409)["message"]
    )
    changed = expect(
        alice.patch("/api/products/TNT-1P", json={"supplier": None, "price": 139}), 200
    )
    assert (changed["supplier"], changed["price"]) == (None, 139.0)
    refused = expect_error(bob.patch("/api/products/TNT-1P", json={"price": 1}), 403)
    assert refused["message"] == ("only managers can change products; you are clerk; ask a manager")


def test_viewers_and_sales_do_not_move_stock(frank: ApiClient, dave: ApiClient) -> None:
    body = {"sku": "TNT-2P", "bin": "EAST-A-01", "reason": "found", "change": 1}
    message = expect_error(frank.post("/api/stock/adjustments", json=body), 403)["message"]
    assert (
        message
        == "only managers or clerks can adjust stock; you are viewer; ask the warehouse team"
    )
    expect_error(dave.post("/api/stock/adjustments", json=body), 403)


def test_unknown_keys_are_404s_that_say_where_to_look(frank: ApiClient) -> None:
    assert "no product 'NOPE'" in expect_error(frank.get("/api/products/nope"), 404)["message"]
    assert expect_error(frank.get("/api/warehouses/NORTH"), 404)["message"] == (
        "no warehouse 'NORTH'; list them with GET /api/warehouses"
    )
    message = expect_error(frank.get("/api/sales-orders/2004"), 404)["message"]
    assert "sales orders are addressed by code" in message


def test_the_api_needs_a_login(service: ApiClient) -> None:
    assert service.get("/api/products").status_code == 401
