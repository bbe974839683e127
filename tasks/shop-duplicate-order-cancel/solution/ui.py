"""The task through the shop's web UI only (``invoke oracle --ui``): read every order page (items,
quantities, time placed), and cancel each order that repeats an earlier one's very same basket
within 10 minutes, with its page's Cancel order dialog."""

import re
from datetime import datetime, timedelta

from mock_services.browser import browser_page, log_in

SHOP = "http://127.0.0.1:1234"


def order_codes(page) -> list[str]:
    """The codes of all of Alice's orders, as the order list shows them."""
    page.goto(f"{SHOP}/orders")
    total = int(re.search(r"Your orders \((\d+)\)", page.locator("main h1").inner_text()).group(1))
    codes = page.locator("#orders [data-code] a.order-code").all_inner_texts()
    assert len(codes) == total, f"the list shows {len(codes)} of {total} orders"
    return codes


def read_order(page, code: str) -> dict:
    """An order's status, time placed and basket (SKU and quantity of each item), from its page."""
    page.goto(f"{SHOP}/orders")
    page.get_by_role("link", name=code, exact=True).click()
    status = page.locator("#status").inner_text().strip().lower()  # "Cancelled" reads "cancelled"
    placed_at = page.locator("#placed").get_attribute("datetime")  # the moment, to the second
    assert status and placed_at, f"no status and time placed on the page of {code}"
    basket = []
    for row in page.locator("#items tr:has(td)").all():
        _name, sku, _price, quantity, _total = row.locator("td").all_inner_texts()
        basket.append((sku, int(quantity)))
    assert basket, f"no items on the page of {code}"
    placed = datetime.fromisoformat(placed_at.replace("Z", "+00:00"))
    return {"code": code, "status": status, "placed": placed, "basket": sorted(basket)}


def repeated(order: dict, firsts: list[dict]) -> dict | None:
    """The first order that ``order`` repeats: the same basket, placed at most 10 minutes before."""
    for first in firsts:
        soon = order["placed"] - first["placed"] <= timedelta(minutes=10)
        if first["basket"] == order["basket"] and soon:
            return first
    return None


def cancel(page, code: str) -> None:
    page.goto(f"{SHOP}/orders/{code}")
    page.get_by_role("button", name="Cancel order…").click()
    dialog = page.get_by_role("dialog")
    dialog.get_by_label("Reason (optional)").fill("duplicate order")
    dialog.get_by_role("button", name="Yes, cancel order").click()
    page.wait_for_load_state()
    assert "Status: Cancelled" in page.locator("main").inner_text(), f"{code} not cancelled"


with browser_page() as page:
    log_in(page, SHOP, "alice", "alice-pass")
    orders = sorted(
        (read_order(page, code) for code in order_codes(page)),
        key=lambda o: (o["placed"], o["code"]),
    )
    firsts = []
    for order in orders:
        first = repeated(order, firsts)
        if first is None:
            firsts.append(order)
        elif order["status"] != "cancelled":
            cancel(page, order["code"])
            print("cancelled", order["code"], "repeat of", first["code"])
