"""The task through the shop's web UI only (``invoke oracle --ui``): find last month's filters on
the order pages, set the cart's other items aside, order the filters to the Office address with the
Mastercard, put the set-aside items back; each busy page is waited out as it asks, then retried."""

import re
import time
from datetime import date

from mock_services.browser import browser_page, log_in

SHOP = "http://127.0.0.1:1234"


def was_busy(page) -> bool:
    """Whether the page is the shop's busy answer; if so, wait as long as it asks (a moment when
    it only says "later")."""
    error = page.locator("#form-errors")  # the form's page again, the refusal above it
    if not error.count():
        return False
    said = error.inner_text()
    assert re.search(r"try again|retry", said), f"an error that is no busy answer: {said}"
    wait = re.search(r"(?:in|after) (\d+) seconds?", said)
    print("busy:", said)
    time.sleep(int(wait.group(1)) if wait else 2)
    return True


def retried(page, act) -> None:
    """Does ``act`` (which opens its page and submits a form) until the shop is not busy."""
    for _ in range(10):
        act()
        if not was_busy(page):
            return
    raise SystemExit("the shop stayed busy")


def order_codes(page) -> list[str]:
    page.goto(f"{SHOP}/orders")
    return page.locator("#orders [data-code] a.order-code").all_inner_texts()


def last_months_filters(page) -> tuple[str, str, int]:
    """Name, SKU and quantity of the filters in the newest order holding filters, which must have
    been placed last month (the month before the date the shop's header shows)."""
    page.goto(SHOP)
    today = date.fromisoformat(page.locator("#today").get_attribute("datetime")[:10])
    last_month = date(today.year - (today.month == 1), (today.month - 2) % 12 + 1, 1)
    for code in order_codes(page):  # newest first
        page.get_by_role("link", name=code, exact=True).click()
        placed = page.locator("#placed").get_attribute("datetime")[:7]  # the month it was placed
        for row in page.locator("#items tr:has(td)").all():
            name, sku, _price, quantity, _total = row.locator("td").all_inner_texts()
            if "filter" in name.lower():
                assert placed == last_month.isoformat()[:7], f"newest filters placed {placed}"
                return name, sku, int(quantity)
        page.go_back()
    raise SystemExit("no filters in the order history")


def set_cart_aside(page) -> list[tuple[str, int]]:
    """Removes every line of the cart; returns what they held (product name, quantity)."""
    page.goto(f"{SHOP}/cart")
    held = []
    for row in page.locator("#cart [data-sku]").all():
        name = row.get_by_role("link").inner_text()
        held.append((name, int(row.get_by_label(f"Quantity of {name}", exact=True).input_value())))
    for name, _quantity in held:
        page.get_by_role("button", name=f"Remove {name} from the cart").click()
        page.wait_for_load_state()
    assert not page.locator("#cart [data-sku]").count(), "the cart is not empty"
    return held


def add_to_cart(page, name: str, quantity: int) -> str:
    """Puts ``quantity`` of the product named ``name`` in the cart with its page's form; returns
    its SKU."""

    def act() -> None:
        page.goto(SHOP)
        page.get_by_label("Search products").fill(name)
        page.get_by_label("Search products").press("Enter")
        page.get_by_role("link", name=name, exact=True).click()
        page.get_by_label("Quantity").fill(str(quantity))
        page.get_by_role("button", name="Add to cart").click()
        page.wait_for_load_state()

    retried(page, act)
    page.goto(f"{SHOP}/cart")
    row = page.locator("#cart [data-sku]").filter(has=page.get_by_role("link", name=name))
    assert row.get_by_label(f"Quantity of {name}", exact=True).input_value() == str(quantity), name
    return row.get_attribute("data-sku")


def check_out(page, before: list[str]) -> str:
    """Places the order (Office, Mastercard); looks at the order list before each retry so that a
    busy answer never leads to a second order. Returns the new order's code."""
    for _ in range(10):
        page.goto(f"{SHOP}/cart")
        page.get_by_label("Ship to").select_option(label=option(page, "Ship to", "Office:"))
        page.get_by_label("Pay with").select_option(label=option(page, "Pay with", "Mastercard"))
        page.get_by_role("button", name="Place order").click()
        page.wait_for_load_state()
        busy = was_busy(page)
        new = [code for code in order_codes(page) if code not in before]
        if new or not busy:
            assert len(new) == 1, f"expected one new order, the list shows {new}"
            return new[0]
    raise SystemExit("the checkout stayed busy")


def option(page, label: str, starts: str) -> str:
    """The one option of the select labelled ``label`` whose text starts with ``starts``."""
    texts = page.get_by_label(label).locator("option").all_inner_texts()
    found = [text.strip() for text in texts if text.strip().startswith(starts)]
    assert len(found) == 1, f"{label}: expected one {starts!r} option, read {texts}"
    return found[0]


with browser_page() as page:
    log_in(page, SHOP, "alice", "alice-pass")
    name, sku, quantity = last_months_filters(page)
    before = order_codes(page)
    held = set_cart_aside(page)
    assert add_to_cart(page, name, quantity) == sku, f"the product named {name} is not {sku}"
    code = check_out(page, before)
    page.goto(f"{SHOP}/orders/{code}")
    said = page.locator("main").inner_text()
    assert "Paid with Mastercard" in said and "5 Quai Perrache" in said, said
    items = page.locator("#items tr:has(td)")
    assert items.count() == 1 and sku in items.inner_text(), f"{code} holds more than {name}"
    for held_name, held_quantity in held:
        add_to_cart(page, held_name, held_quantity)
    print("ordered", code, f"({quantity} x {name}); back in the cart:", held)
