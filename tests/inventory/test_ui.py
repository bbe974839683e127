"""The Inventory UI: its pages show what the API answers, every control has its own accessible
name, a form the rules refuse is shown again with the message by its field and the input kept,
and a clerk works a delivery and a shipment in the browser."""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

import pytest

from tests.form_assertions import as_browser, assert_form_refused
from tests.helpers import ApiClient, expect

PAGES = [
    ("/", ["BKP-45", "Ridge 45 L Backpack", "40 products", "Add product"]),
    ("/?low=true", ["GPS-HH", "0 (low)", "6 products"]),
    ("/products/LMP-HD", ["EAST-B-03", "Recent moves", "PO-1003", "Move stock", "Save product"]),
    ("/stock?bin=WEST-A-01", ["WEST-A-01", "Basecamp 4-Person Tent", "Adjust stock"]),
    ("/moves?reason=damage&warehouse=EAST", ["Fly sheet torn in storage.", "1 move"]),
    ("/warehouses", ["400 Port St, Newark, NJ 07114", "Receiving dock"]),
    ("/suppliers", ["Ridgeline Metalworks", "21 days", "Add supplier"]),
    ("/purchase-orders?status=sent", ["PO-1004", "PO-1005", "2 purchase orders"]),
    ("/purchase-orders/PO-1003", ["Headlamps back-ordered", "Units of LMP-HD received"]),
    ("/purchase-orders/PO-1006", ["Send to supplier", "Cancel purchase order"]),
    ("/sales-orders?owner=erin&warehouse=WEST", ["Pine Ridge Rentals", "4 sales orders"]),
    ("/sales-orders/SO-2004", ["EAST-A-02 (10)", "Ship order", "Cancel sales order"]),
    ("/sales-orders/SO-2001", ["shipped", "Trailblazers Scout Troop 42"]),
    ("/low-stock", ["6 products at or below", "SO-2006"]),
    ("/team", ["Frank Müller", "viewer"]),
]


@pytest.mark.parametrize(("path", "shown"), PAGES, ids=[p for p, _ in PAGES])
def test_each_page_shows_the_inventory(alice: ApiClient, path: str, shown: list[str]) -> None:
    page = as_browser(alice).get(path)
    assert page.status_code == 200, page.text[:300]
    for text in shown:
        assert text in page.text, f"{path}: {text!r} not shown"


def test_pages_offer_only_what_the_role_may_do(dave: ApiClient, frank: ApiClient) -> None:
    sales = as_browser(dave)
    assert "Move stock" not in sales.get("/products/TNT-2P").text
    assert "Draft sales order" in sales.get("/sales-orders").text
    assert "Send to supplier" not in sales.get("/purchase-orders/PO-1006").text
    assert "Draft sales order" not in as_browser(frank).get("/sales-orders").text


def _accessible_names(html: str) -> list[str]:
    """Each field's label text (by ``for`` or wrapping it) and each button's text."""
    labels = dict(re.findall(r'<label for="([^"]+)">([^<]+)</label>', html))
    wrapped = re.findall(r'<label><input[^>]*\bid="([^"]+)"', html)
    names = [
        labels.get(field_id) or f"unlabelled #{field_id}"
        for field_id in re.findall(r'<(?:input|select|textarea)[^>]*\bid="([^"]+)"', html)
        if field_id not in wrapped
    ]
    names += re.findall(r"<label><input[^>]*>\s*([^<]+)</label>", html)
    return names + re.findall(r"<button[^>]*>([^<]+)</button>", html)


@pytest.mark.parametrize(
    "path",
    [
        "/",
        "/products/TNT-2P",
        "/stock",
        "/moves",
        "/purchase-orders",
        "/purchase-orders/PO-1003",
        "/sales-orders",
        "/sales-orders/SO-2008",
        "/suppliers",
    ],
)
def test_every_control_has_its_own_accessible_name(alice: ApiClient, path: str) -> None:
    names = _accessible_names(as_browser(alice).get(path).text)
    assert not [n for n in names if n.startswith("unlabelled")], names
    assert [n for n, count in Counter(names).items() if count > 1] == []


def test_a_refused_order_line_is_shown_at_its_row(service: ApiClient, bob: ApiClient) -> None:
    form = {
        "supplier": "Summit Outdoor Supply",
        "warehouse": "EAST",
        "notes": "",
        "line-0-sku": "TNT-2P",
        "line-0-quantity": "20",
        "line-1-sku": "TNT-2P",
        "line-1-quantity": "lots",
    }
    browser = as_browser(bob)
    response = browser.post(
        "/purchase-orders", data=form, headers={"Referer": service.base_url + "/purchase-orders"}
    )
    assert_form_refused(
        response,
        errors={"line-1-quantity": "expected a whole number"},
        kept={"line-1-sku": "TNT-2P", "line-1-quantity": "lots", "line-0-quantity": "20"},
    )
    form["line-1-quantity"] = "2"
    response = browser.post(
        "/purchase-orders", data=form, headers={"Referer": service.base_url + "/purchase-orders"}
    )
    assert_form_refused(response, errors={"line-1-sku": "TNT-2P is on line 0 already"}, kept={})


def test_a_refused_adjustment_names_the_field_and_keeps_the_input(
    service: ApiClient, bob: ApiClient
) -> None:
    form = {"sku": "TNT-2P", "bin": "EAST-A-01", "reason": "damage", "change": "4", "note": "x"}
    response = as_browser(bob).post(
        "/stock/adjustments", data=form, headers={"Referer": service.base_url + "/products/TNT-2P"}
    )
    assert_form_refused(
        response,
        errors={"change": "damage removes stock: give a negative change"},
        kept={"change": "4", "reason": "damage"},
    )


def test_a_refused_confirmation_is_flashed_with_the_numbers(
    service: ApiClient, dave: ApiClient
) -> None:
    browser = as_browser(dave)
    answer = browser.post(
        "/sales-orders/SO-2009/confirm",
        headers={"Referer": service.base_url + "/sales-orders/SO-2009"},
    )
    assert "only 0 of GPS-HH (Handheld GPS) available at EAST" in answer.text


@pytest.mark.browser
def test_a_clerk_receives_a_delivery_and_ships_an_order_in_the_browser(
    service: ApiClient, page: Any
) -> None:
    """Every control is reached by its role and accessible name, as a browsing agent does."""
    base = service.base_url
    page.goto(f"{base}/login?next=/purchase-orders")
    page.fill("#username", "bob")
    page.fill("#password", "bob-pass")
    page.click("#login")
    page.get_by_role("link", name="PO-1003").click()
    page.get_by_label("Units of LMP-HD received").fill("40")
    page.get_by_label("Bin for LMP-HD (blank: the bin above)").select_option("EAST-B-03")
    page.get_by_role("button", name="Receive into stock").click()
    assert "PO-1003 is received" in page.inner_text("[role=alert]")
    page.get_by_role("link", name="Sales orders").click()
    page.get_by_role("link", name="SO-2006").click()
    page.get_by_role("button", name="Ship order").click()
    assert "Shipped SO-2006." in page.inner_text("[role=alert]")

    alice = service.as_user("alice", "alice-pass")
    headlamp = expect(alice.get("/api/products/LMP-HD"), 200)
    assert (headlamp["on_hand"], headlamp["reserved"], headlamp["on_order"]) == (24 + 40 - 8, 0, 0)
    assert expect(alice.get("/api/sales-orders/SO-2006"), 200)["status"] == "shipped"
