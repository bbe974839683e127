"""The Inventory UI: its pages show what the API answers, every control has its own accessible
name, a form the rules refuse is shown again with the message by its field and the input kept,
and a clerk works a delivery and a shipment in the browser."""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

import pytest

from tests.form_assertions import as_browser, assert_action_refused, assert_form_refused
from tests.helpers import ApiClient, expect, log_in
from tests.page_words import shown_text

PAGES = [
    ("/", ["Inventory Overview", "Receipts", "Delivery Orders", "To Process", "6 To Reorder"]),
    ("/products", ["BKP-45", "Ridge 45 L Backpack", "40 products", "Add product"]),
    ("/products?low=true", ["GPS-HH", "0 (low)", "6 products"]),
    ("/products?view=list&low=true", ["GPS-HH", "0 (low)", "6 products", "Reorder point"]),
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
    ("/warehouses/WEST", ["WEST-A-01", "Stock in WEST", "Sales orders shipped from WEST"]),
    ("/suppliers", ["About Ridgeline Metalworks"]),
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
    html = re.sub(r"<svg\b.*?</svg>", "", html, flags=re.DOTALL)  # icons are decorative
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
        "/products",
        "/products/TNT-2P",
        "/stock",
        "/moves",
        "/purchase-orders",
        "/purchase-orders/PO-1003",
        "/sales-orders",
        "/sales-orders/SO-2008",
        "/suppliers",
        "/suppliers/1",
        "/warehouses/EAST",
        "/low-stock",
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


def test_a_move_of_more_than_the_bin_holds_keeps_the_input_and_says_so_by_the_quantity(
    service: ApiClient, bob: ApiClient
) -> None:
    form = {"sku": "TNT-2P", "from_bin": "EAST-A-01", "to_bin": "WEST-A-01", "quantity": "5000"}
    response = as_browser(bob).post(
        "/stock/transfers", data=form, headers={"Referer": service.base_url + "/stock"}
    )
    assert_form_refused(response, errors={"quantity": "5000 asked for"}, kept={"quantity": "5000"})
    assert (
        'id="transfer-sku" name="sku" value="TNT-2P"' in response.text
    )  # the filter's comes first


def test_a_new_product_with_a_taken_sku_keeps_what_was_typed(
    service: ApiClient, alice: ApiClient
) -> None:
    form = {
        "sku": "box-m",
        "name": "Shipping Box M, 50-pack",
        "category": "Packaging",
        "unit": "pack",
        "cost": "9.50",
        "price": "19.00",
        "supplier": "Evergreen Packaging",
        "reorder_point": "4",
        "reorder_quantity": "10",
    }
    response = as_browser(alice).post(
        "/products", data=form, headers={"Referer": service.base_url + "/products"}
    )
    assert_form_refused(
        response,
        errors={"sku": "SKU BOX-M is already 'Shipping Box M, 25-pack'"},
        kept={k: v for k, v in form.items() if k not in ("category", "supplier")},
    )
    # the filter form above has fields of the same names: these are the new product's
    assert 'id="category" name="category" value="Packaging"' in response.text
    assert '<option value="Evergreen Packaging" selected>' in response.text
    numbers = {"cost": 9.5, "price": 19, "reorder_point": 4, "reorder_quantity": 10}
    api = alice.post("/api/products", json={**form, **numbers})
    assert api.status_code == 409, api.text
    assert api.json()["error"]["message"].startswith("SKU BOX-M is already")


def test_a_new_supplier_with_a_taken_name_keeps_what_was_typed(
    service: ApiClient, alice: ApiClient
) -> None:
    form = {
        "name": "evergreen packaging",
        "contact_name": "Ana Ruiz",
        "email": "ana@evergreen.example",
        "phone": "+1 555 0100",
        "lead_time_days": "12",
    }
    response = as_browser(alice).post(
        "/suppliers", data=form, headers={"Referer": service.base_url + "/suppliers"}
    )
    assert_form_refused(
        response,
        errors={"name": "a supplier named 'Evergreen Packaging' exists already"},
        kept=form,
    )
    api = alice.post("/api/suppliers", json={**form, "lead_time_days": 12})
    assert api.status_code == 409, api.text


def test_a_refused_confirmation_is_shown_with_the_numbers(
    service: ApiClient, dave: ApiClient
) -> None:
    browser = as_browser(dave)
    answer = browser.post(
        "/sales-orders/SO-2009/confirm",
        headers={"Referer": service.base_url + "/sales-orders/SO-2009"},
    )
    assert_action_refused(answer, 409, "only 0 of GPS-HH (Handheld GPS) available at EAST")


@pytest.mark.browser
def test_a_clerk_receives_a_delivery_and_ships_an_order_in_the_browser(
    service: ApiClient, page: Any
) -> None:
    """Every control is reached by its role and accessible name, as a browsing agent does."""
    base = service.base_url
    log_in(page, base, "bob", "bob-pass", "/purchase-orders")
    page.get_by_role("link", name="PO-1003").click()
    page.get_by_label("Units of LMP-HD received").fill("40")
    page.get_by_label("Bin for LMP-HD").select_option("EAST-B-03")
    page.get_by_role("button", name="Receive into stock").click()
    assert "Received 40 LMP-HD into stock; PO-1003 is received." in page.inner_text("[role=alert]")
    page.get_by_role("link", name="Sales orders").click()
    page.get_by_role("link", name="SO-2006").click()
    page.get_by_role("button", name="Ship order").click()
    assert "Shipped SO-2006." in page.inner_text("[role=alert]")

    alice = service.as_user("alice", "alice-pass")
    headlamp = expect(alice.get("/api/products/LMP-HD"), 200)
    assert (headlamp["on_hand"], headlamp["reserved"], headlamp["on_order"]) == (24 + 40 - 8, 0, 0)
    assert expect(alice.get("/api/sales-orders/SO-2006"), 200)["status"] == "shipped"


@pytest.mark.browser
def test_cancelling_a_purchase_order_asks_first_in_the_browser(
    service: ApiClient, page: Any
) -> None:
    """The "Cancel purchase order…" button opens a dialog holding the reason; "Don't cancel
    purchase order" leaves the order sent, and its own "Cancel purchase order" button cancels it."""
    alice = service.as_user("alice", "alice-pass")
    log_in(page, service.base_url, "alice", "alice-pass", "/purchase-orders/PO-1005")
    page.get_by_role("button", name="Cancel purchase order…").click()
    dialog = page.get_by_role("dialog")
    assert "Cancel purchase order PO-1005" in dialog.inner_text()
    dialog.get_by_label("Reason for cancelling").fill("Found a cheaper supplier")
    dialog.get_by_role("button", name="Don't cancel purchase order").click()
    assert not dialog.is_visible()
    assert expect(alice.get("/api/purchase-orders/PO-1005"), 200)["status"] == "sent"
    page.get_by_role("button", name="Cancel purchase order…").click()
    dialog.get_by_role("button", name="Yes, cancel purchase order").click()
    page.wait_for_load_state()
    order = expect(alice.get("/api/purchase-orders/PO-1005"), 200)
    assert order["status"] == "cancelled"
    assert "Cancelled: Found a cheaper supplier" in order["notes"]


def test_a_supplier_page_shows_what_the_api_answers(alice: ApiClient) -> None:
    supplier = alice.get("/api/suppliers/1").json()
    page = as_browser(alice).get("/suppliers").text
    assert 'href="/suppliers/1">About Summit Outdoor Supply</a>' in page
    shown = alice.get("/suppliers/1").text
    assert f"lead time {supplier['lead_time_days']} days" in shown and supplier["email"] in shown
    assert supplier["products"]
    for sku in supplier["products"]:
        assert f'<a href="/products/{sku}">{sku}</a>' in shown
    assert "Ridge 45 L Backpack" in shown
    assert alice.get("/suppliers/999").status_code == 404


def test_a_warehouse_page_shows_its_bins_as_the_api(alice: ApiClient) -> None:
    house = alice.get("/api/warehouses/EAST").json()
    assert 'href="/warehouses/EAST">EAST: ' in as_browser(alice).get("/warehouses").text
    shown = alice.get("/warehouses/east").text
    assert house["address"] in shown
    for b in house["bins"]:
        row = f">{b['code']}</a></td><td>{b['description']}</td><td>{b['products']}</td>"
        assert row + f"<td>{b['on_hand']}</td>" in shown, b["code"]


def test_a_filter_form_sent_with_its_blank_fields_filters_by_the_others(alice: ApiClient) -> None:
    """A browser sends every field of a filter form, "any" included: a blank is no filter."""
    form = {"q": "", "category": "", "supplier": "Northstar Electronics", "active": ""}
    expected = alice.get("/api/products", params={"supplier": "Northstar Electronics"}).json()
    page = as_browser(alice).get("/products", params=form)
    assert page.status_code == 200 and page.url.endswith("/products?supplier=Northstar+Electronics")
    assert f"<p>{expected['total']} products</p>" in page.text and expected["total"] == 6
    moves = alice.get("/moves", params={"sku": "", "warehouse": "EAST", "bin": "", "kind": ""})
    assert moves.status_code == 200 and "Filter moves" in moves.text


def test_products_are_filtered_by_status(alice: ApiClient) -> None:
    assert alice.patch("/api/products/GPS-HH", json={"active": False}).status_code == 200
    retired = as_browser(alice).get("/products", params={"active": "false"}).text
    assert "<p>1 product</p>" in retired and "Handheld GPS (retired)" in retired
    active = alice.get("/products", params={"active": "true"}).text
    assert "<p>39 products</p>" in active and "GPS-HH" not in active


def test_the_low_stock_page_counts_the_alerts_as_the_api(alice: ApiClient) -> None:
    raised = alice.get("/api/low-stock/alerts").json()
    low = alice.get("/api/low-stock").json()
    page = as_browser(alice).get("/low-stock").text
    assert f"<p>{raised['total']} alerts, latest first.</p>" in page and raised["total"] == 2
    assert f"<p>{low['total']} products at or below" in page


def test_an_unknown_sku_says_which_page_lists_them(service: ApiClient, bob: ApiClient) -> None:
    form = {"sku": "NOPE-1", "bin": "EAST-A-01", "reason": "found", "change": "1"}
    response = as_browser(bob).post(
        "/stock/adjustments", data=form, headers={"Referer": service.base_url + "/stock"}
    )
    assert_form_refused(
        response,
        errors={"sku": "no product 'NOPE-1'; find SKUs on the Products page"},
        kept={"change": "1"},
    )
    assert "/api/" not in response.text.split('id="error-sku">')[1].split("<")[0]


def test_a_purchase_order_with_no_line_asks_for_one(service: ApiClient, alice: ApiClient) -> None:
    form = {
        "supplier": "Evergreen Packaging",
        "warehouse": "EAST",
        "notes": "rush",
        "line-0-sku": "",
    }
    response = as_browser(alice).post(
        "/purchase-orders", data=form, headers={"Referer": service.base_url + "/purchase-orders"}
    )
    assert_form_refused(
        response, errors={"line-0-sku": "add at least one line"}, kept={"notes": "rush"}
    )
    assert "list should have" not in response.text


def test_the_warehouse_filters_list_warehouses_and_a_correction_reads_as_words(
    service: ApiClient, bob: ApiClient
) -> None:
    """The Stock and Moves pages' Warehouse filter offers the warehouses (not the bins the Bin
    filter lists); an adjustment's reason reads as words in its notice and the move history."""
    houses = [w["code"] for w in expect(bob.get("/api/warehouses"), 200)["items"]]
    for path in ("/stock", "/moves"):
        page = bob.get(path).text
        picker = re.search(r'<select id="filter-warehouse".*?</select>', page, re.S)
        assert picker, path
        offered = re.findall(r'<option value="([^"]*)"', picker.group(0))
        assert offered == ["", *houses], (path, offered)
    form = {"sku": "TNT-2P", "bin": "EAST-A-01", "reason": "count_correction", "counted": "3"}
    done = as_browser(bob).post("/stock/adjustments", data=form)
    assert done.status_code == 200, done.text[:300]
    shown = re.sub(r'value="[^"]*"', "", done.text)  # the reason picker's values are the API's
    assert "(Count correction)" in shown and "count_correction" not in shown


def test_moves_name_who_made_them_by_their_names(alice: ApiClient) -> None:
    """The Moves table's "By" column names people ("Carol Diaz"), not their usernames."""
    names = {u["username"]: u["display_name"] for u in alice.get("/api/users").json()["items"]}
    moves = alice.get("/api/moves", params={"per_page": 20}).json()["items"]
    page = as_browser(alice).get("/moves").text
    rows = re.findall(r"<tr><td>.*?</tr>", page)
    by = [re.findall(r"<td>([^<]*)</td>", row)[-2] for row in rows]
    assert by == [names.get(m["user"], "-") if m["user"] else "-" for m in moves][: len(by)]
    assert any(who in names.values() for who in by), by


def test_a_products_counts_read_each_label_before_its_value(alice: ApiClient) -> None:
    """The header is a definition list: a screen reader says "On hand 9 each", not "9 each On
    Hand"."""
    text = shown_text(as_browser(alice).get("/products/STV-CMP").text)
    assert "On hand 9 each Reserved 0 Available 9 (low stock) On order 24" in text, text[:600]


def test_move_kinds_and_reasons_read_capitalised_on_every_page(bob: ApiClient) -> None:
    """Move kinds ("Receipt", "Shipment") and reasons ("Count correction") read as Odoo's
    move history says them, through the core's status_words, on the moves page, its filters
    and a product's history; the filters still send the API's values."""
    moves = expect(bob.get("/api/moves", params={"per_page": 100}), 200)["items"]
    kinds = {m["kind"] for m in moves}
    page = bob.get("/moves").text
    rows = shown_text(page.split("<tbody>")[1].split("</tbody>")[0])
    for kind in kinds:
        assert re.search(rf"\b{kind.capitalize()}\b", rows), (kind, rows[:600])
        assert not re.search(rf"(^|\t){kind}\b", rows, re.M), (kind, rows[:600])
        assert f'<option value="{kind}" >{kind.capitalize()}</option>' in page.replace(
            "selected", ""
        ), kind
    assert '<option value="count_correction" >Count correction</option>' in page.replace(
        "selected", ""
    )
    sku = moves[0]["sku"]
    product = shown_text(bob.get(f"/products/{sku}").text)
    assert moves[0]["kind"].capitalize() in product, product[:800]


def test_the_overview_counters_link_names_read_as_a_sentence(alice: ApiClient) -> None:
    """A counter's link name says what it counts after its number and words, in brackets ("2
    To Process (receipts at EAST)"): it read "2 To Process : receipts at EAST" (a stray " : "
    where the hidden words began)."""
    html = alice.get("/").text
    names = [
        " ".join(re.sub(r"<[^>]+>", "", n).split())
        for n in re.findall(r'<a [^>]*href="/[^"]*"[^>]*>(.*?)</a>', html, re.S)
    ]
    counters = [n for n in names if re.match(r"\d+ (To Process|Waiting|Back Orders|done)", n)]
    assert counters and not [n for n in counters if ":" in n], counters
    assert any(re.fullmatch(r"\d+ To Process \(receipts at \w+\)", n) for n in counters), counters
