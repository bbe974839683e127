"""An order's page says what Amazon's says: when it arrives ("Arriving Thursday 5 March"),
who carries it and its tracking number, and its status capitalised ("Shipped", through the
core's ``status_words``), as the order list and its filter do. The API gives the same facts
(``estimated_delivery`` ISO, ``carrier``, ``tracking_number``), from the seed."""

from __future__ import annotations

import re
from datetime import date

from mock_services.shop.ui import arrival_words
from tests.form_assertions import as_browser
from tests.helpers import ApiClient, expect
from tests.page_words import shown_text

# the default seed's clock: Monday 2 March 2026
SHIPPED = "ORD-100002"  # alice's, shipped yesterday with UPS, promised for Thursday
PAID = "ORD-100003"  # alice's, paid, promised for Friday, not shipped yet


def test_a_shipped_order_says_when_it_arrives_and_who_carries_it(
    shop: ApiClient, alice: ApiClient
) -> None:
    order = expect(alice.get(f"/api/orders/{SHIPPED}"), 200)
    assert order["status"] == "shipped"
    assert (order["estimated_delivery"], order["carrier"], order["tracking_number"]) == (
        "2026-03-05",
        "UPS",
        "1Z4F8A720391827364",
    )
    browser = as_browser(shop.as_user("alice", "alice-pass"))
    text = shown_text(browser.get(f"/orders/{SHIPPED}").text)
    assert "Arriving Thursday 5 March" in text
    assert "Shipped with UPS · tracking ID 1Z4F8A720391827364" in text
    assert "Status: Shipped ·" in text and "shipped · shipped" not in text

    text = shown_text(browser.get(f"/orders/{PAID}").text)
    assert "Arriving Friday 6 March" in text and "Status: Paid" in text
    assert "tracking ID" not in text  # nothing carries it yet


def test_the_order_list_and_its_filter_read_statuses_capitalised(shop: ApiClient) -> None:
    browser = as_browser(shop.as_user("alice", "alice-pass"))
    page = browser.get("/orders").text
    options = re.findall(r'<option value="(\w*)"[^>]*>([^<]*)</option>', page)
    assert ("shipped", "Shipped") in options and ("return_requested", "Return requested") in options
    assert "· Arriving Thursday 5 March" in shown_text(page)
    filtered = shown_text(browser.get("/orders", params={"status": "shipped"}).text)
    assert "Showing orders with status Shipped" in filtered


def test_arrival_words_follow_the_day() -> None:
    monday = date(2026, 3, 2)
    assert arrival_words("shipped", monday, monday) == "Arriving today"
    assert arrival_words("paid", date(2026, 3, 3), monday) == "Arriving tomorrow"
    assert arrival_words("shipped", date(2026, 3, 5), monday) == "Arriving Thursday 5 March"
    assert arrival_words("shipped", date(2027, 1, 4), monday) == "Arriving Monday 4 January 2027"
    late = arrival_words("shipped", date(2026, 2, 26), monday)
    assert late == "Running late: expected Thursday 26 February"
    assert arrival_words("delivered", date(2026, 2, 26), monday) == ""
    assert arrival_words("shipped", None, monday) == ""
