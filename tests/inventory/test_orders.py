"""Purchase orders through their workflow (draft, sent, partly received, received, cancelled)
with receipts adding stock to bins, and sales orders that reserve on confirm (refused past
what is available, naming the SKU and the numbers), remove on ship and release on cancel."""

from __future__ import annotations

from collections.abc import Callable

from tests.helpers import ApiClient, expect, expect_error


def on_hand(db: Callable[[str], list[tuple]], sku: str, bin_code: str) -> tuple[int, int]:
    [row] = db(
        "SELECT on_hand, reserved FROM stock_levels s JOIN bins b ON b.id = s.bin_id "
        f"JOIN products p ON p.id = s.product_id WHERE p.sku = '{sku}' AND b.code = '{bin_code}'"
    )
    return row


def test_a_purchase_order_is_drafted_sent_and_received_in_two_deliveries(
    alice: ApiClient, bob: ApiClient, inventory_db: Callable[[str], list[tuple]]
) -> None:
    body = {
        "supplier": "Northstar Electronics",
        "warehouse": "east",
        "expected_date": "2026-03-09",
        "lines": [
            {"sku": "PWR-10K", "quantity": 30},
            {"sku": "GPS-HH", "quantity": 4, "unit_cost": 105},
        ],
    }
    draft = expect(bob.post("/api/purchase-orders", json=body), 201)
    assert (draft["code"], draft["status"], draft["created_by"], draft["total"]) == (
        "PO-1009",
        "draft",
        "bob",
        30 * 15.0 + 4 * 105.0,
    )
    refused = expect_error(bob.post("/api/purchase-orders/PO-1009/send"), 403)
    assert (
        refused["message"] == "only managers can send purchase orders; you are clerk; ask a manager"
    )
    early = expect_error(
        bob.post("/api/purchase-orders/PO-1009/receive", json={"bin": "EAST-RCV"}), 409
    )
    assert early["message"].endswith(
        "only sent or partly received orders can be received; send it first"
    )
    sent = expect(alice.post("/api/purchase-orders/po-1009/send"), 200)
    assert sent["status"] == "sent" and sent["sent_at"].startswith("2026-03-02T09:00")
    assert expect(alice.get("/api/products/PWR-10K"), 200)["on_order"] == 30
    first = {"lines": [{"sku": "PWR-10K", "quantity": 10, "bin": "EAST-B-03"}]}
    partly = expect(bob.post("/api/purchase-orders/PO-1009/receive", json=first), 200)
    assert partly["status"] == "partly_received"
    assert [(line["received_quantity"], line["outstanding"]) for line in partly["lines"]] == [
        (10, 20),
        (0, 4),
    ]
    rest = expect(bob.post("/api/purchase-orders/PO-1009/receive", json={"bin": "EAST-RCV"}), 200)
    assert rest["status"] == "received" and rest["received_at"] > rest["sent_at"]
    assert on_hand(inventory_db, "PWR-10K", "EAST-B-03") == (17, 0)
    assert on_hand(inventory_db, "PWR-10K", "EAST-RCV") == (20, 0)
    assert on_hand(inventory_db, "GPS-HH", "EAST-RCV") == (4, 0)
    receipts = expect(bob.get("/api/moves", params={"reference": "po-1009"}), 200)["items"]
    assert [(m["sku"], m["to_bin"], m["quantity"]) for m in receipts] == [
        ("GPS-HH", "EAST-RCV", 4),
        ("PWR-10K", "EAST-RCV", 20),
        ("PWR-10K", "EAST-B-03", 10),
    ]


def test_receiving_checks_each_line_against_the_order(bob: ApiClient) -> None:
    def refused(lines: list[dict[str, object]]) -> str:
        answer = bob.post("/api/purchase-orders/PO-1003/receive", json={"lines": lines})
        return expect_error(answer, 422)["message"]

    assert refused([{"sku": "LMP-HD", "quantity": 41, "bin": "EAST-B-03"}]) == (
        "lines.0.quantity: LMP-HD: 60 ordered, 20 received, 40 outstanding; cannot receive 41"
    )
    assert refused([{"sku": "TNT-2P", "quantity": 1, "bin": "EAST-A-01"}]) == (
        "lines.0.sku: PO-1003 has no line for TNT-2P"
    )
    assert refused([{"sku": "LMP-HD", "quantity": 1, "bin": "WEST-B-01"}]).startswith(
        "lines.0.bin: bin WEST-B-01 is not in the warehouse"
    )
    assert refused([{"sku": "LMP-HD", "quantity": 1}]).startswith("lines.0.bin: name the bin")


def test_only_draft_or_sent_purchase_orders_are_cancelled(alice: ApiClient) -> None:
    cancelled = expect(
        alice.post("/api/purchase-orders/PO-1004/cancel", json={"reason": "Found a cheaper stove"}),
        200,
    )
    assert (cancelled["status"], cancelled["notes"]) == (
        "cancelled",
        "Cancelled: Found a cheaper stove",
    )
    assert expect(alice.get("/api/products/STV-CMP"), 200)["on_order"] == 0
    message = expect_error(alice.post("/api/purchase-orders/PO-1003/cancel", json={}), 409)[
        "message"
    ]
    assert message == "PO-1003 is partly_received; only draft or sent orders can be cancelled"


def test_confirming_reserves_and_refuses_more_than_is_available(
    dave: ApiClient, inventory_db: Callable[[str], list[tuple]]
) -> None:
    refused = expect_error(dave.post("/api/sales-orders/SO-2009/confirm"), 409)
    assert refused["message"] == (
        "cannot reserve SO-2009: only 0 of GPS-HH (Handheld GPS) available at EAST "
        "(0 on hand, 0 reserved); 2 asked for"
    )
    body = {
        "customer": "Hill Walkers",
        "warehouse": "EAST",
        "lines": [{"sku": "MUG-TI", "quantity": 5}, {"sku": "TNT-2P", "quantity": 19}],
    }
    order = expect(dave.post("/api/sales-orders", json=body), 201)
    message = expect_error(dave.post(f"/api/sales-orders/{order['code']}/confirm"), 409)["message"]
    assert "only 18 of TNT-2P (Trailhead 2-Person Tent) available at EAST" in message
    assert on_hand(inventory_db, "MUG-TI", "EAST-B-02") == (36, 0)  # nothing of it held
    confirmed = expect(dave.post("/api/sales-orders/SO-2008/confirm"), 200)
    assert confirmed["status"] == "confirmed"
    assert [line["reservations"] for line in confirmed["lines"]] == [
        [{"bin": "EAST-A-03", "quantity": 10}],
        [{"bin": "EAST-A-01", "quantity": 5}],
    ]
    assert on_hand(inventory_db, "BKP-45", "EAST-A-03") == (16, 10)


def test_shipping_takes_the_stock_out_and_cancelling_releases_it(
    bob: ApiClient, dave: ApiClient, inventory_db: Callable[[str], list[tuple]]
) -> None:
    shipped = expect(bob.post("/api/sales-orders/SO-2004/ship"), 200)
    assert (shipped["status"], shipped["lines"][0]["reservations"]) == ("shipped", [])
    assert on_hand(inventory_db, "SLB-P5", "EAST-A-02") == (14, 0)
    moves = expect(bob.get("/api/moves", params={"reference": "SO-2004"}), 200)["items"]
    assert sorted((m["kind"], m["sku"], m["from_bin"], m["quantity"]) for m in moves) == [
        ("shipment", "DAY-20", "EAST-A-03", 8),
        ("shipment", "SLB-P5", "EAST-A-02", 10),
    ]
    message = expect_error(dave.post("/api/sales-orders/SO-2004/cancel"), 409)["message"]
    assert message == "SO-2004 is shipped; only draft or confirmed orders can be cancelled"
    assert on_hand(inventory_db, "LMP-HD", "EAST-B-03") == (21, 8)
    expect(dave.post("/api/sales-orders/SO-2006/cancel"), 200)
    assert on_hand(inventory_db, "LMP-HD", "EAST-B-03") == (21, 0)
    assert inventory_db("SELECT count(*) FROM reservations") == [(2,)]  # SO-2005's lines


def test_shipping_a_draft_reserves_it_first_and_may_cross_the_reorder_point(
    bob: ApiClient,
) -> None:
    body = {
        "customer": "Trail Runners",
        "warehouse": "EAST",
        "lines": [{"sku": "LMP-HD", "quantity": 1}],
    }
    order = expect(bob.post("/api/sales-orders", json=body), 201)
    shipped = expect(bob.post(f"/api/sales-orders/{order['code']}/ship"), 200)
    assert shipped["confirmed_at"] == shipped["shipped_at"]
    [alert, *_] = expect(bob.get("/api/low-stock/alerts"), 200)["items"]
    assert (alert["sku"], alert["available"], alert["reference"]) == ("LMP-HD", 15, order["code"])


def test_sales_users_act_on_their_own_orders_and_do_not_ship(
    dave: ApiClient, erin: ApiClient
) -> None:
    refused = expect_error(erin.post("/api/sales-orders/SO-2008/cancel"), 403)
    assert (
        refused["message"]
        == "sales order SO-2008 belongs to another account; ask its owner or a manager"
    )
    shipping = expect_error(dave.post("/api/sales-orders/SO-2008/ship"), 403)
    assert shipping["message"] == (
        "only managers or clerks can ship sales orders; you are sales; ask the warehouse team"
    )
    mine = expect(erin.get("/api/sales-orders", params={"owner": "me"}), 200)
    assert [o["code"] for o in mine["items"]] == ["SO-2010", "SO-2007", "SO-2005", "SO-2002"]
