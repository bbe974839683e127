"""A store finds a product by its item number: `/?q=VIR-2701` said "No results" while the
product's page lists "Item number (SKU) VIR-2701". The search (the page and the API's `q`, one
business function) matches a SKU exactly, in any case, besides every word in the name, brand
or description."""

from __future__ import annotations

from tests.helpers import ApiClient, expect
from tests.page_words import shown_text


def test_the_api_search_finds_an_item_number_in_any_case(shop: ApiClient) -> None:
    for typed in ("KIT-4003", "kit-4003", " Kit-4003 "):
        found = expect(shop.get("/api/products", params={"q": typed}), 200)
        assert [p["sku"] for p in found["items"]] == ["KIT-4003"] and found["total"] == 1, typed
    part = expect(shop.get("/api/products", params={"q": "KIT-400"}), 200)
    assert "KIT-4003" not in [p["sku"] for p in part["items"]]  # an item number matches whole


def test_the_catalogue_page_finds_an_item_number(shop: ApiClient) -> None:
    product = expect(shop.get("/api/products", params={"q": "kettle"}), 200)["items"][0]
    text = shown_text(shop.get("/", params={"q": product["sku"].lower()}).text)
    assert "1 product" in text and product["name"] in text, text[:1500]
    assert "No results" not in text
