"""Each Inventory web form and each MCP tool makes the change its API route makes: the same
operation in the audit log, the same params and the same rows, each way from the seed (see
conftest)."""

from __future__ import annotations

from typing import Any

import pytest

from mock_services.inventory.api import api
from tests.form_assertions import (
    FormCase,
    assert_form_does_what_the_api_does,
    performed_once,
    row_changes,
)
from tests.helpers import ApiClient, expect
from tests.inventory.conftest import PASSWORDS
from tests.mcp_session import McpSession

_PRODUCT = {
    "sku": "TNT-1P",
    "name": "Solo Tent",
    "category": "Tents",
    "unit": "each",
    "supplier": "Summit Outdoor Supply",
}
_PRODUCT_NUMBERS = {"cost": 70, "price": 149.5, "reorder_point": 3, "reorder_quantity": 6}
_TENT_FIELDS = {
    "name": "Trailhead 2-Person Tent",
    "category": "Tents",
    "unit": "each",
    "cost": "92.0",
    "price": "199",
    "supplier": "Summit Outdoor Supply",
    "reorder_point": "12",
    "reorder_quantity": "20",
    "active": "true",
}
"""TNT-2P's edit form as its page fills it, with the price typed over."""
_SUPPLIER = {
    "name": "Cascade Fabrics",
    "contact_name": "Ana Ruiz",
    "email": "orders@cascade.example",
    "phone": "+1 206 555 0101",
}
_TRANSFER = {"sku": "TNT-2P", "from_bin": "EAST-A-01", "to_bin": "WEST-A-01", "quantity": 3}
_ADJUST = {"sku": "KNF-FLD", "bin": "EAST-B-02", "reason": "loss", "change": -2}
_NOTE = "  Shelf 2 cracked.\n"
"""A note as typed, indented and ending in a newline: kept as typed, as the API keeps it."""


def _as_form(body: dict[str, Any]) -> dict[str, str]:
    return {key: str(value) for key, value in body.items()}


def _line_rows(lines: list[dict[str, Any]], blank: tuple[str, ...]) -> dict[str, str]:
    rows = {f"line-{n}-{k}": str(v) for n, line in enumerate(lines) for k, v in line.items()}
    return rows | {f"line-{len(lines)}-{k}": "" for k in blank}


_PO = {"supplier": "Northstar Electronics", "warehouse": "EAST", "expected_date": "2026-03-09"}
_PO_LINES = [{"sku": "PWR-10K", "quantity": 30}, {"sku": "GPS-HH", "quantity": 4, "unit_cost": 105}]
_SO = {"customer": "Hill Walkers", "customer_email": "kit@hillwalkers.example", "warehouse": "WEST"}
_SO_LINES = [{"sku": "MUG-TI", "quantity": 4, "unit_price": 20}, {"sku": "SPK-TI", "quantity": 4}]
_RECEIVED = [{"sku": "LMP-HD", "quantity": 15, "bin": "EAST-B-03"}]

CASES = [
    FormCase(
        "create-product",
        "create_product",
        api=lambda g: ("POST", "/api/products", {**_PRODUCT, **_PRODUCT_NUMBERS}),
        form=lambda g: ("/products", _as_form({**_PRODUCT, **_PRODUCT_NUMBERS})),
    ),
    FormCase(
        "edit-product",
        "update_product",
        api=lambda g: ("PATCH", "/api/products/TNT-2P", {"price": 199}),
        form=lambda g: ("/products/TNT-2P/edit", _TENT_FIELDS),
    ),
    FormCase(
        "add-supplier",
        "create_supplier",
        api=lambda g: ("POST", "/api/suppliers", {**_SUPPLIER, "lead_time_days": 9}),
        form=lambda g: ("/suppliers", {**_SUPPLIER, "lead_time_days": "9"}),
    ),
    FormCase(
        "transfer",
        "transfer_stock",
        api=lambda g: ("POST", "/api/stock/transfers", {**_TRANSFER, "note": _NOTE}),
        form=lambda g: ("/stock/transfers", _as_form({**_TRANSFER, "note": _NOTE})),
        user="bob",
    ),
    FormCase(
        "adjust",
        "adjust_stock",
        api=lambda g: ("POST", "/api/stock/adjustments", _ADJUST),
        form=lambda g: ("/stock/adjustments", {**_as_form(_ADJUST), "counted": "", "note": ""}),
        user="bob",
    ),
    FormCase(
        "draft-purchase-order",
        "create_purchase_order",
        api=lambda g: ("POST", "/api/purchase-orders", {**_PO, "lines": _PO_LINES}),
        form=lambda g: (
            "/purchase-orders",
            {**_PO, "notes": "", **_line_rows(_PO_LINES, ("sku", "quantity", "unit_cost"))},
        ),
        user="bob",
    ),
    FormCase(
        "send-purchase-order",
        "send_purchase_order",
        api=lambda g: ("POST", "/api/purchase-orders/PO-1006/send", None),
        form=lambda g: ("/purchase-orders/PO-1006/send", {}),
    ),
    FormCase(
        "receive-purchase-order",
        "receive_purchase_order",
        api=lambda g: ("POST", "/api/purchase-orders/PO-1003/receive", {"lines": _RECEIVED}),
        form=lambda g: (
            "/purchase-orders/PO-1003/receive",
            {"bin": "", **_line_rows(_RECEIVED, ())},
        ),
        user="bob",
    ),
    FormCase(
        "cancel-purchase-order",
        "cancel_purchase_order",
        api=lambda g: ("POST", "/api/purchase-orders/PO-1005/cancel", {"reason": "Too late"}),
        form=lambda g: ("/purchase-orders/PO-1005/cancel", {"reason": "Too late"}),
    ),
    FormCase(
        "draft-sales-order",
        "create_sales_order",
        api=lambda g: ("POST", "/api/sales-orders", {**_SO, "lines": _SO_LINES}),
        form=lambda g: (
            "/sales-orders",
            {**_SO, "notes": "", **_line_rows(_SO_LINES, ("sku", "quantity", "unit_price"))},
        ),
        user="dave",
    ),
    FormCase(
        "confirm-sales-order",
        "confirm_sales_order",
        api=lambda g: ("POST", "/api/sales-orders/SO-2008/confirm", None),
        form=lambda g: ("/sales-orders/SO-2008/confirm", {}),
        user="dave",
    ),
    FormCase(
        "ship-sales-order",
        "ship_sales_order",
        api=lambda g: ("POST", "/api/sales-orders/SO-2004/ship", None),
        form=lambda g: ("/sales-orders/SO-2004/ship", {}),
        user="bob",
    ),
    FormCase(
        "cancel-sales-order",
        "cancel_sales_order",
        api=lambda g: ("POST", "/api/sales-orders/SO-2006/cancel", None),
        form=lambda g: ("/sales-orders/SO-2006/cancel", {}),
        user="dave",
    ),
]
"""Each form of the UI and the API call that makes the same change (keep one per form)."""


@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_each_form_makes_the_change_its_api_route_makes(service: ApiClient, case: FormCase) -> None:
    assert_form_does_what_the_api_does(service, case, PASSWORDS)


def _path_arguments(path: str) -> dict[str, str]:
    """The route's path parameters as tool arguments (``/api/products/<sku>``, the orders'
    ``<code>``)."""
    parts = path.split("/")
    if len(parts) < 4 or parts[2] not in ("products", "purchase-orders", "sales-orders"):
        return {}
    return {"sku" if parts[2] == "products" else "code": parts[3]}


def _by_tool(service: ApiClient, case: FormCase) -> dict[str, Any]:
    """The one audit entry of ``case``'s API call made as an MCP tool call on the reset
    service: the route's path parameters and body as the tool's arguments."""
    expect(service.admin("POST", "/admin/reset"), 200)
    client = service.as_user(case.user, PASSWORDS[case.user])
    since = max((entry["id"] for entry in client.audit()), default=0)
    _method, path, body = case.api({})
    McpSession(client).call(case.operation, {**_path_arguments(path), **(body or {})})
    entries = client.audit(since)
    assert len(entries) == 1, f"expected one audit entry, got {[e['path'] for e in entries]}"
    return entries[0]


@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_each_tool_makes_the_change_its_api_route_makes(service: ApiClient, case: FormCase) -> None:
    by_api = performed_once(service, case, PASSWORDS, by_form=False)
    by_tool = _by_tool(service, case)
    assert (by_tool["operation"], by_tool["via"], by_tool["status"]) == (
        case.operation,
        "mcp",
        by_api["status"],
    )
    assert by_tool["params"] == by_api["params"]
    assert row_changes(by_tool) == row_changes(by_api) != []


def test_every_write_route_has_a_form_case() -> None:
    writes = {e.handler.__name__ for e in api.endpoints if e.mutating}
    assert writes == {case.operation for case in CASES}
