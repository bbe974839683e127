"""The web UI: catalogue and product pages without login, cart, checkout and cancel with it."""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import date
from typing import Any

import pytest

from mock_services.core.base.auth import session_cookie
from tests.form_assertions import as_browser, assert_action_refused
from tests.helpers import ApiClient, expect, expect_error, log_in


def test_catalogue_page_searches_and_filters(shop: ApiClient) -> None:
    html = shop.get("/", params={"q": "brewmaster", "sort": "price_asc"}).text
    assert "3 products" in html
    assert html.index("KIT-4004") < html.index("KIT-4003") < html.index("KIT-4005")
    html = shop.get("/", params={"category": "audio"}).text
    assert "5 products" in html and "Headphones &amp; Audio" in html


def test_product_page_without_login_and_actions_need_login(shop: ApiClient) -> None:
    page = shop.get("/products/1")
    assert page.status_code == 200 and "Add to cart" in page.text
    assert "no longer sold" in shop.get("/products/62").text
    response = shop.post(
        "/cart/add", data={"product_id": "1", "quantity": "1"}, allow_redirects=False
    )
    assert response.status_code == 302 and "/login" in response.headers["Location"]


def test_product_page_says_the_day_it_was_first_available(shop: ApiClient) -> None:
    """A store's "First available: 2 November 2025": the day in words, no seeding time."""
    product = expect(shop.get("/api/products/1"), 200)
    html = shop.get("/products/1").text
    shown = re.search(r'<td id="first-available">([^<]*)</td>', html)
    assert shown is not None, html[-3000:]
    day = date.fromisoformat(product["created_at"][:10])
    assert shown[1] == f"{day.day} {day:%B %Y}"
    assert "First available" in html and "In the catalogue since" not in html


def test_refused_form_action_shows_the_reason(shop: ApiClient, alice: ApiClient) -> None:
    as_browser(alice)
    response = alice.post(
        "/orders/ORD-100002/cancel", headers={"Referer": shop.base_url + "/orders"}
    )
    assert_action_refused(response, 409, "ORD-100002 is shipped")
    assert expect(alice.get("/api/orders/ORD-100002"), 200)["status"] == "shipped"


@pytest.mark.browser
def test_buy_and_cancel_through_the_browser(shop: ApiClient, page: Any) -> None:
    base = shop.base_url
    log_in(page, base, "bob", "bob-pass", "/")
    page.fill("#q", "chef's knife")
    page.click("#search button")
    page.click("text=Stainless Steel Chef's Knife, 8-inch")
    page.fill("#quantity", "2")
    page.click("#add")
    assert page.url.endswith("/cart")
    assert "Added 2 of " in (said := page.inner_text("[role=alert]")) and "to your cart" in said
    page.select_option("#payment_method_id", label="PayPal (bob.chen@example.com)")
    page.fill("#note", "Gift wrap please")
    page.click("#place-order")
    assert "/orders/ORD-100009" in page.url
    assert page.inner_text("#status") == "Paid"

    bob = shop.as_user("bob", "bob-pass")
    order = expect(bob.get("/api/orders/ORD-100009"), 200)
    assert [(i["sku"], i["quantity"]) for i in order["items"]] == [
        ("SPT-9002", 1),
        ("KIT-4001", 2),
    ]
    assert order["payment_label"] == "PayPal (bob.chen@example.com)"
    assert order["note"] == "Gift wrap please" and order["total"] == 122.0
    assert expect(bob.get("/api/cart"), 200)["lines"] == []

    page.click("text=Orders")
    page.click("[data-code=ORD-100009] button.opens-dialog")
    page.click("#confirm-cancel-order-ORD-100009 button[type=submit]")
    assert "is cancelled" in page.inner_text("[role=alert]")
    assert expect(bob.get("/api/orders/ORD-100009"), 200)["status"] == "cancelled"
    assert expect(shop.get("/api/products/sku/KIT-4001"), 200)["stock"] == 60


@pytest.mark.browser
def test_emptying_the_cart_asks_first(live_service: Callable[..., ApiClient], page: Any) -> None:
    """ "Don't empty the cart" leaves it as it was; only the dialog's own button empties it."""
    shop = live_service("shop")
    alice = shop.as_user("alice", "alice-pass")
    expect(alice.post("/api/cart/items", json={"product_id": 1, "quantity": 2}), 201)
    lines = expect(alice.get("/api/cart"), 200)["lines"]
    assert lines
    log_in(page, shop.base_url, "alice", "alice-pass", "/cart")

    page.get_by_role("button", name="Empty the cart…").click()
    dialog = page.get_by_role("dialog")
    assert "Remove every item from the cart?" in dialog.inner_text()
    dialog.get_by_role("button", name="Don't empty the cart").click()
    assert not dialog.is_visible()
    assert expect(alice.get("/api/cart"), 200)["lines"] == lines

    page.get_by_role("button", name="Empty the cart…").click()
    page.click("#clear-cart")
    assert "Your cart is empty." in page.inner_text("[role=alert]")
    assert expect(alice.get("/api/cart"), 200)["lines"] == []


def test_catalogue_rating_filter_form(shop: ApiClient) -> None:
    html = shop.get("/", params={"min_rating": "4.5"}).text
    assert "35 products" in html
    assert '<option value="4.5" selected>' in html


def test_return_form_chooses_store_credit(shop: ApiClient, carol: ApiClient) -> None:
    as_browser(carol)
    form = carol.get("/orders/ORD-100008").text
    assert 'name="refund_method" value="store_credit"' in form
    response = carol.post(
        "/orders/ORD-100008/return", data={"reason": "Too small", "refund_method": "store_credit"}
    )
    assert response.status_code == 200 and "refunded as store credit" in response.text
    assert "Store credit: $" in carol.get("/orders").text
    order = expect(carol.get("/api/orders/ORD-100008"), 200)
    assert order["return_refund_method"] == "store_credit" and order["refunded"] == order["total"]
    refused = carol.post("/orders/ORD-100001/return", data={"reason": "x", "refund_method": "cash"})
    assert refused.status_code == 422, refused.text
    assert "refund method: must be &#39;original_payment&#39; or" in refused.text


@pytest.mark.attack
def test_the_ui_logout_revokes_the_cookies_token_and_is_audited(shop: ApiClient) -> None:
    """A copied cookie must stop working once its browser logs out, as with the API."""
    login = shop.post("/api/auth/login", json={"username": "alice", "password": "alice-pass"})
    token = expect(login, 200)["token"]
    browser = shop.anonymous().http
    browser.cookies.set(session_cookie("shop"), token)
    out = browser.post(shop.base_url + "/logout", allow_redirects=False, timeout=30)
    assert out.status_code in (302, 303) and "/login" in out.headers["Location"], out.text
    copied = shop.get("/api/auth/me", headers={"Authorization": f"Bearer {token}"})
    expect_error(copied, 401)
    logged = [(e["method"], e["path"], e["username"]) for e in shop.audit()]
    assert ("POST", "/logout", "alice") in logged, logged


def _button_names(html: str) -> list[str]:
    """Each submit button's accessible name: its aria-label, else its text."""
    names = []
    for attrs, text in re.findall(r"<button\b([^>]*)>(.*?)</button>", html, re.S):
        aria = re.search(r'aria-label="([^"]*)"', attrs)
        names.append(aria[1] if aria else " ".join(re.sub(r"<[^>]+>", "", text).split()))
    return names


@pytest.mark.parametrize("path", ["/cart", "/account", "/orders", "/account/addresses/2"])
def test_every_button_on_a_page_has_its_own_name(shop: ApiClient, path: str) -> None:
    browser = as_browser(shop.as_user("alice", "alice-pass"))
    page = browser.get(path)
    assert page.status_code == 200
    names = _button_names(page.text)
    assert len(names) > 1 and len(set(names)) == len(names), names


def test_account_page_shows_profile_addresses_and_payment_methods(shop: ApiClient) -> None:
    browser = as_browser(shop.as_user("alice", "alice-pass"))
    html = browser.get("/").text
    assert 'href="/account"' in html
    html = browser.get("/account").text
    assert '<span id="shown-display-name">Alice Martin</span>' in html
    assert '<span id="default-address">Home</span>' in html
    assert '<span id="default-payment">Visa ending 4242</span>' in html
    assert "Work" in html and "Gift card, balance $25.00" in html
    assert "Make address 'Work' the default" in html
    assert "Make address 'Home' the default" not in html  # already the default


def test_account_forms_change_the_profile_and_defaults(shop: ApiClient, alice: ApiClient) -> None:
    browser = as_browser(shop.as_user("alice", "alice-pass"))
    saved = browser.post(
        "/account/profile", data={"display_name": "Alice M.", "email": "am@example.com"}
    )
    assert saved.status_code == 200 and "Your profile is saved." in saved.text
    profile = expect(alice.get("/api/profile"), 200)
    assert (profile["display_name"], profile["email"]) == ("Alice M.", "am@example.com")
    assert profile["phone"] == "+1 415 555 0142"  # a field not sent is left as it was
    work = next(
        a["id"] for a in expect(alice.get("/api/addresses"), 200)["items"] if a["label"] == "Work"
    )
    made = browser.post(f"/account/addresses/{work}/default")
    assert "Orders now ship to &#39;Work&#39;" in made.text
    assert expect(alice.get("/api/profile"), 200)["default_address_id"] == work
    assert f'<option value="{work}" selected>' in browser.get("/cart").text
    refused = browser.post("/account/payment-methods/1/delete")
    assert "paid for open order" in refused.text
    assert "Visa ending 4242" in _labels(alice)


def _labels(client: ApiClient) -> list[str]:
    return [m["label"] for m in expect(client.get("/api/payment-methods"), 200)["items"]]


def test_cart_remove_and_empty_buttons(shop: ApiClient, alice: ApiClient) -> None:
    browser = as_browser(shop.as_user("alice", "alice-pass"))
    lines = expect(alice.get("/api/cart"), 200)["lines"]
    removed = browser.post(f"/cart/items/{lines[0]['id']}/remove")
    assert f"Removed {lines[0]['name']} from your cart." in removed.text
    assert [line["id"] for line in expect(alice.get("/api/cart"), 200)["lines"]] == [
        line["id"] for line in lines[1:]
    ]
    emptied = browser.post("/cart/clear")
    assert 'id="empty"' in emptied.text
    assert expect(alice.get("/api/cart"), 200)["lines"] == []


def test_orders_page_filters_by_status(shop: ApiClient) -> None:
    browser = as_browser(shop.as_user("alice", "alice-pass"))
    html = browser.get("/orders", params={"status": "shipped"}).text
    assert re.findall(r'data-code="([^"]+)"', html) == ["ORD-100002"]
    assert '<option value="shipped" selected>' in html
    everything = browser.get("/orders", params={"status": ""}).text
    assert len(re.findall(r'data-code="', everything)) == 4
    assert browser.get("/orders", params={"status": "lost"}).status_code == 422


def test_product_page_by_sku(shop: ApiClient) -> None:
    product = shop.get("/products/1").text
    sku = re.search(r'href="/products/sku/([^"]+)" id="sku-link"', product)
    assert sku is not None
    page = shop.get(f"/products/sku/{sku[1]}")
    assert page.status_code == 200
    assert re.search(r"<h1>(.*?)</h1>", page.text)[1] == re.search(r"<h1>(.*?)</h1>", product)[1]
    assert shop.get("/products/sku/NOPE-0000").status_code == 404


def test_catalogue_in_stock_filter_keeps_to_the_next_page(shop: ApiClient) -> None:
    everything = shop.get("/").text
    in_stock = shop.get("/", params={"in_stock": "true", "per_page": "10"}).text
    counted = expect(shop.get("/api/products", params={"in_stock": "true"}), 200)["total"]
    assert f"{counted} products" in in_stock and f"{counted} products" not in everything
    assert 'id="in_stock" value="true" checked' in in_stock
    assert "in_stock=true" in re.search(r'<a href="([^"]+)" id="next-page"', in_stock)[1]


def test_the_cart_flags_a_quantity_above_the_stock_as_its_api_answer_does(shop: ApiClient) -> None:
    """Stock that fell under a cart line's quantity shows next to the line's quantity ("Only 2
    left", "Out of stock") and in the checkout box before the order is placed; the API's cart
    says the same in ``available`` and ``exceeds_stock``."""
    expect(shop.admin("POST", "/admin/reset"), 200)
    bob = shop.as_user("bob", "bob-pass")
    expect(bob.delete("/api/cart"), 200)
    for product_id in (1, 2, 3):
        expect(bob.post("/api/cart/items", json={"product_id": product_id, "quantity": 3}), 201)
    expect(shop.admin("PATCH", "/api/admin/products/1", json={"stock": 2}), 200)
    expect(shop.admin("PATCH", "/api/admin/products/2", json={"stock": 0}), 200)
    lines = {line["product_id"]: line for line in expect(bob.get("/api/cart"), 200)["lines"]}
    assert [(lines[p]["available"], lines[p]["exceeds_stock"]) for p in (1, 2)] == [
        (2, True),
        (0, True),
    ]
    assert lines[3]["exceeds_stock"] is False and lines[3]["available"] >= 3
    page = as_browser(shop.as_user("bob", "bob-pass")).get("/cart").text
    for product_id, words in ((1, "Only 2 left"), (2, "Out of stock")):
        line_id = lines[product_id]["id"]
        control = re.search(rf'<input name="quantity"[^>]*id="quantity-{line_id}"[^>]*>', page)
        assert control and f'aria-describedby="stock-{line_id}"' in control[0], control
        note = re.search(rf'id="stock-{line_id}">([^<]*)<', page)
        assert note and note[1] == words, note
    assert f'id="quantity-{lines[3]["id"]}">' in page, "a line within the stock has no note"
    box = page[page.index('id="checkout"') :]
    problems = box[box.index('id="stock-problems"') : box.index("</ul>")]
    assert re.sub(r"<[^>]+>", "", problems).count("your cart has 3") == 2, problems
    assert lines[3]["name"] not in problems
    profile = expect(bob.get("/api/profile"), 200)
    order = {
        "address_id": profile["default_address_id"],
        "payment_method_id": profile["default_payment_method_id"],
    }
    assert "ran out of stock" in expect_error(bob.post("/api/checkout", json=order), 409)["message"]


@pytest.mark.browser
def test_buy_now_orders_that_item_alone_and_leaves_the_cart(shop: ApiClient, page: Any) -> None:
    """With a sold-out line in the cart (whose Place order is then disabled, the reason in
    text), a product page's Buy now opens a checkout for that product alone; its Place order
    buys it through the API's checkout and the cart keeps its lines."""
    expect(shop.admin("POST", "/admin/reset"), 200)
    bob = shop.as_user("bob", "bob-pass")
    expect(bob.delete("/api/cart"), 200)
    expect(bob.post("/api/cart/items", json={"product_id": 1, "quantity": 3}), 201)
    expect(shop.admin("PATCH", "/api/admin/products/1", json={"stock": 1}), 200)
    cart_before = expect(bob.get("/api/cart"), 200)["lines"]
    base = shop.base_url
    log_in(page, base, "bob", "bob-pass", "/cart")
    place = page.get_by_role("button", name="Place order")
    assert place.is_disabled()
    assert "Place order is unavailable until" in page.inner_text("#place-order-blocked")
    page.goto(f"{base}/products/sku/KIT-4001")
    page.fill("#quantity", "2")
    page.get_by_role("button", name="Buy now").click()
    assert "/buy-now?" in page.url and "Buy now: " in page.inner_text("h1")
    page.get_by_role("button", name="Place order").click()
    page.wait_for_load_state()
    code = page.url.rsplit("/", 1)[1]
    order = expect(bob.get(f"/api/orders/{code}"), 200)
    assert [(i["sku"], i["quantity"]) for i in order["items"]] == [("KIT-4001", 2)]
    assert expect(bob.get("/api/cart"), 200)["lines"] == cart_before
    logged = [(e["operation"], e["via"]) for e in bob.audit()][-1]
    assert logged == ("checkout", "ui")


def test_every_item_of_an_order_can_be_bought_again(shop: ApiClient) -> None:
    """The Orders page has a "Buy it again" link per item of an order, not for its first only."""
    expect(shop.admin("POST", "/admin/reset"), 200)
    bob = shop.as_user("bob", "bob-pass")
    listed = expect(bob.get("/api/orders", params={"per_page": 100}), 200)["items"]
    codes = [o["code"] for o in listed if o["item_count"] > 1]
    orders = [expect(bob.get(f"/api/orders/{code}"), 200) for code in codes]
    order = next(o for o in orders if len(o["items"]) > 1)
    page = as_browser(shop.as_user("bob", "bob-pass")).get("/orders").text
    for item in order["items"]:
        name = f'aria-label="Buy {item["name"]} again, from order {order["code"]}"'
        assert name.replace("'", "&#39;") in page, (item["name"], order["code"])


def test_an_order_placed_this_year_reads_without_the_year(alice: ApiClient) -> None:
    """As the order list says "placed Tue 10 Mar": the year is said only for another year's."""
    order = expect(alice.get("/api/orders/ORD-100002"), 200)
    page = as_browser(alice).get("/orders/ORD-100002").text
    placed = re.search(r'<time id="placed"[^>]*>([^<]*)</time>', page)
    assert placed and order["placed_at"][:4] == "2026", page[:300]
    assert re.fullmatch(r"\w{3} \d{1,2} \w{3} \d\d:\d\d \w+", placed.group(1)), placed.group(1)


def test_a_rating_reads_as_words_and_its_stars_are_decoration(shop: ApiClient) -> None:
    """A product's rating reads "4.5 out of 5 stars (1,234 ratings)" as text; the stars are
    drawn by the style sheet, with no star characters in the page's text to read aloud."""
    product = shop.get("/api/products/1").json()
    for path in ("/products/1", "/"):
        page = shop.get(path).text
        rating = page.split('<p class="rating">', 1)[1].split("</p>", 1)[0]
        text = " ".join(re.sub(r"<[^>]+>", " ", rating).split())
        if path == "/products/1":
            count = product["review_count"]
            assert text == f"{product['rating']:.1f} out of 5 stars ({count:,} ratings)", text
        assert "★" not in text and "☆" not in text and 'aria-hidden="true"' in rating
    assert not re.search(r"<p[^>]*>\s*</p>", shop.get("/products/1").text), "an empty paragraph"


def test_no_catalogue_tile_holds_an_empty_paragraph(shop: ApiClient) -> None:
    """A tile without a badge ("Top rated", "Only 3 left in stock") leaves the badges line
    out: a screen reader met an empty paragraph between price and delivery in most tiles."""
    page = shop.get("/").text
    tiles = page.split('<li class="product-card"')[1:]
    assert tiles and any('class="badge' not in tile for tile in tiles)
    for tile in tiles:
        assert not re.search(r"<p[^>]*>\s*</p>", tile), tile[:400]


def test_a_cart_line_above_the_stock_is_said_on_the_cart_and_refused_at_checkout(
    shop: ApiClient,
) -> None:
    """Stock that fell under a cart line's quantity: the cart says so in an alert that names
    the product and what to do ("Only 1 left of …: lower the quantity to 1 or remove it"), the
    line is marked, the cart keeps the quantity (the page changes nothing by itself), and a
    Place order sent from the page anyway is refused naming the product in the user's words."""
    expect(shop.admin("POST", "/admin/reset"), 200)
    bob = shop.as_user("bob", "bob-pass")
    expect(bob.delete("/api/cart"), 200)
    expect(bob.post("/api/cart/items", json={"product_id": 1, "quantity": 3}), 201)
    expect(shop.admin("PATCH", "/api/admin/products/1", json={"stock": 1}), 200)
    (line,) = expect(bob.get("/api/cart"), 200)["lines"]
    browser = as_browser(shop.as_user("bob", "bob-pass"))
    page = browser.get("/cart").text
    alert = re.search(
        r'<div class="flash error" id="cart-stock-alert" role="alert">(.*?)</div>', page, re.S
    )
    assert alert, "no alert on the cart"
    said = " ".join(re.sub(r"<[^>]+>", " ", alert[1]).split())
    assert f"Only 1 left of {line['name']}: lower the quantity to 1 or remove it" in said, said
    item = re.search(rf'<li class="cart-line[^"]*"[^>]*data-sku="{line["sku"]}"', page)
    assert item and "over-stock" in item[0], item
    assert expect(bob.get("/api/cart"), 200)["lines"][0]["quantity"] == 3
    profile = expect(bob.get("/api/profile"), 200)
    orders_before = expect(bob.get("/api/orders"), 200)["total"]
    sent = browser.post(
        "/checkout",
        data={
            "address_id": str(profile["default_address_id"]),
            "payment_method_id": str(profile["default_payment_method_id"]),
        },
        headers={"Referer": shop.base_url + "/cart"},
    )
    assert_action_refused(
        sent, 409, f"Only 1 left of {line['name']}: lower the quantity to 1 or remove it"
    )
    assert "/api/" not in sent.text.split('id="form-errors"')[1].split("</div>")[0]
    assert expect(bob.get("/api/orders"), 200)["total"] == orders_before
