"""Bad input, field by field: each refusal is a 422 whose message names the field and says what
was expected, and nothing is written (the audit entry of the refused call changed no row)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.form_assertions import row_changes
from tests.helpers import ApiClient, expect_error

_PO = {"supplier": "Summit Outdoor Supply", "warehouse": "EAST"}
_SO = {"customer": "Hill Walkers", "warehouse": "EAST"}
_MOVE = {"sku": "TNT-2P", "from_bin": "EAST-A-01", "to_bin": "WEST-A-01", "quantity": 1}
_ADJUST = {"sku": "TNT-2P", "bin": "EAST-A-01", "reason": "count_correction"}
_PRODUCT = {"sku": "NEW-1", "name": "New", "cost": 1, "price": 2}
CASES: list[tuple[str, str, dict[str, Any], str]] = [
    (
        "/api/products",
        "create_product",
        {**_PRODUCT, "colour": "red"},
        "unknown body field 'colour'",
    ),
    (
        "/api/products",
        "create_product",
        {**_PRODUCT, "sku": "bad sku!"},
        "sku: String should match",
    ),
    ("/api/products", "create_product", {**_PRODUCT, "unit": "crate"}, "unit: Input should be"),
    ("/api/products", "create_product", {**_PRODUCT, "cost": -1}, "cost: Input should be greater"),
    (
        "/api/products",
        "create_product",
        {**_PRODUCT, "supplier": "Acme"},
        "supplier: no supplier 'Acme'",
    ),
    (
        "/api/suppliers",
        "create_supplier",
        {"name": "X", "email": "not-mail"},
        "email: String should match",
    ),
    (
        "/api/stock/transfers",
        "transfer_stock",
        {**_MOVE, "quantity": 0},
        "quantity: Input should be greater than or equal to 1",
    ),
    (
        "/api/stock/transfers",
        "transfer_stock",
        {**_MOVE, "to_bin": "EAST-Z-99"},
        "to_bin: no bin 'EAST-Z-99'",
    ),
    (
        "/api/stock/transfers",
        "transfer_stock",
        {**_MOVE, "to_bin": "east-a-01"},
        "to_bin: it is the bin the stock is in",
    ),
    ("/api/stock/transfers", "transfer_stock", {**_MOVE, "sku": "NOPE"}, "sku: no product 'NOPE'"),
    ("/api/stock/adjustments", "adjust_stock", _ADJUST, "change: give either change"),
    (
        "/api/stock/adjustments",
        "adjust_stock",
        {**_ADJUST, "change": 1, "counted": 3},
        "change: give either change",
    ),
    (
        "/api/stock/adjustments",
        "adjust_stock",
        {**_ADJUST, "reason": "theft", "change": -1},
        "reason: Input should be",
    ),
    (
        "/api/stock/adjustments",
        "adjust_stock",
        {**_ADJUST, "counted": 18},
        "counted: the bin already holds 18",
    ),
    (
        "/api/stock/adjustments",
        "adjust_stock",
        {**_ADJUST, "change": -19},
        "change: the bin holds only 18",
    ),
    (
        "/api/stock/adjustments",
        "adjust_stock",
        {**_ADJUST, "reason": "found", "change": -1},
        "change: found adds stock",
    ),
    (
        "/api/purchase-orders",
        "create_purchase_order",
        {**_PO, "lines": []},
        "lines: Value error, add at least one line",
    ),
    (
        "/api/purchase-orders",
        "create_purchase_order",
        {**_PO, "lines": [{"sku": "TNT-2P", "quantity": "ten"}]},
        "lines.0.quantity: Input should be a valid integer",
    ),
    (
        "/api/purchase-orders",
        "create_purchase_order",
        {**_PO, "lines": [{"sku": "TNT-2P", "quantity": 1, "qty": 2}]},
        "unknown body field 'lines.0.qty'",
    ),
    (
        "/api/purchase-orders",
        "create_purchase_order",
        {**_PO, "warehouse": "NORTH", "lines": [{"sku": "TNT-2P", "quantity": 1}]},
        "warehouse: no warehouse 'NORTH'",
    ),
    (
        "/api/purchase-orders",
        "create_purchase_order",
        {**_PO, "expected_date": "soon", "lines": [{"sku": "TNT-2P", "quantity": 1}]},
        "expected_date: Input should be a valid date",
    ),
    (
        "/api/purchase-orders/PO-1003/receive",
        "receive_purchase_order",
        {},
        "bin: name the bin to receive into",
    ),
    (
        "/api/purchase-orders/PO-1003/receive",
        "receive_purchase_order",
        {"bin": "WEST-RCV"},
        "bin: bin WEST-RCV is not in the warehouse",
    ),
    (
        "/api/sales-orders",
        "create_sales_order",
        {**_SO, "customer_email": "nobody", "lines": [{"sku": "TNT-2P", "quantity": 1}]},
        "customer_email: String should match",
    ),
    (
        "/api/sales-orders",
        "create_sales_order",
        {**_SO, "lines": [{"sku": "TNT-2P", "quantity": 1}, {"sku": "tnt-2p", "quantity": 2}]},
        "lines.1.sku: TNT-2P is on line 0 already",
    ),
    (
        "/api/sales-orders",
        "create_sales_order",
        {**_SO, "lines": [{"sku": "GHOST", "quantity": 1}]},
        "lines.0.sku: no product 'GHOST'",
    ),
]


@pytest.mark.parametrize(
    ("path", "operation", "body", "message"), CASES, ids=[f"{c[1]}-{c[3][:30]}" for c in CASES]
)
def test_a_bad_field_is_named_and_nothing_is_written(
    alice: ApiClient, path: str, operation: str, body: dict[str, Any], message: str
) -> None:
    since = max((entry["id"] for entry in alice.audit()), default=0)
    error = expect_error(alice.post(path, json=body), 422)
    assert message in error["message"], error["message"]
    [entry] = alice.audit(since)
    assert (entry["operation"], entry["status"], row_changes(entry)) == (operation, 422, [])


def test_an_unknown_query_parameter_is_refused_naming_it(alice: ApiClient) -> None:
    error = expect_error(alice.get("/api/products", params={"colour": "red"}), 422)
    assert "unknown query parameter 'colour'" in error["message"]
    error = expect_error(alice.get("/api/moves", params={"kind": "theft"}), 422)
    assert "kind" in error["message"]
