"""Inventory pages say days in words ("Thu 19 Feb", never "2026-02-19") and money as the house
writes it, the company's currency first ("USD 2,830.00", never a bare "2830.00"), on the
order lists and the pages they lead to."""

from __future__ import annotations

import re

from tests.form_assertions import as_browser
from tests.helpers import ApiClient
from tests.page_words import iso_days_shown, shown_text

BARE_FIGURE = re.compile(r"(?<![\w,.-])-?\d[\d,]*\.\d{2}(?![\d])")


def _bare_money(html: str) -> list[str]:
    text = shown_text(html)
    return [m.group() for m in BARE_FIGURE.finditer(text) if not text[: m.start()].endswith("USD ")]


def test_order_lists_and_pages_say_days_in_words_and_money(alice: ApiClient) -> None:
    browser = as_browser(alice)
    bought = alice.get("/api/purchase-orders").json()["items"]
    sold = alice.get("/api/sales-orders").json()["items"]
    assert any(o["expected_date"] for o in bought)
    paths = ["/purchase-orders", "/sales-orders", "/products", "/moves", "/stock", "/low-stock"]
    paths += [f"/purchase-orders/{bought[0]['code']}", f"/sales-orders/{sold[0]['code']}"]
    paths += [f"/products/{bought[0]['lines'][0]['sku']}"]
    for path in paths:
        page = browser.get(path).text
        assert iso_days_shown(page) == [], path
        assert _bare_money(page) == [], path
    listing = shown_text(browser.get("/purchase-orders").text)
    total = bought[0]["total"]
    assert f"USD {total:,.2f}" in listing
