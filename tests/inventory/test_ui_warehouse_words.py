"""A warehouse's stock page offers only that warehouse's bins (Odoo's locations of one
warehouse), and order statuses read as Odoo shows them, in capitalised words."""

from __future__ import annotations

import re

from tests.form_assertions import as_browser
from tests.helpers import ApiClient


def _options(page: str, select_id: str) -> list[str]:
    found = re.search(rf'<select id="{select_id}"[^>]*>(.*?)</select>', page, re.S)
    assert found is not None, select_id
    return [v for v in re.findall(r'<option value="([^"]*)"', found.group(1)) if v]


def test_a_warehouse_s_stock_page_offers_its_own_bins(alice: ApiClient) -> None:
    browser = as_browser(alice)
    east = browser.get("/stock?warehouse=EAST").text
    for select in ("filter-bin", "from_bin", "to_bin", "adjust-bin"):
        bins = _options(east, select)
        assert bins and all(b.startswith("EAST-") for b in bins), (select, bins)
    every = _options(browser.get("/stock").text, "from_bin")
    assert any(b.startswith("WEST-") for b in every)  # no warehouse chosen: all


def test_order_statuses_are_capitalised_words(alice: ApiClient) -> None:
    browser = as_browser(alice)
    lower = re.compile(
        r"<(td|option[^>]*)>(draft|sent|partly received|received|confirmed|shipped)<"
    )
    for path in ("/purchase-orders", "/sales-orders"):
        page = browser.get(path).text
        assert lower.findall(page) == [], (path, lower.findall(page)[:3])
    assert "<td>Partly received</td>" in browser.get("/purchase-orders").text
