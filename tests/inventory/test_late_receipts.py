"""Late receipts: the API's ``late`` filter, the purchase-order list's control for it and the
overview's "Late" counters, which link to that list, all count by one rule (sent or partly
received, expected before today). On the default seed only PO-1003 (EAST, due two days ago,
partly received) is late; the received, cancelled and draft orders past their day are not."""

from __future__ import annotations

import re
from html import unescape

from tests.form_assertions import as_browser
from tests.helpers import ApiClient, expect

ALL_ORDERS = {f"PO-{n}" for n in range(1001, 1009)}


def _codes(answer: dict) -> set[str]:
    return {o["code"] for o in answer["items"]}


def _row_codes(html: str) -> set[str]:
    body = html.split("<tbody>")[1].split("</tbody>")[0]
    return set(re.findall(r">(PO-\d+)</a>", body))


def test_the_late_filter_returns_exactly_the_late_orders(alice: ApiClient) -> None:
    late = expect(alice.get("/api/purchase-orders?late=true"), 200)
    others = expect(alice.get("/api/purchase-orders?late=false"), 200)
    assert _codes(late) == {"PO-1003"}, late
    assert _codes(others) == ALL_ORDERS - {"PO-1003"}, others
    at_west = expect(alice.get("/api/purchase-orders?late=true&warehouse=WEST"), 200)
    assert at_west["total"] == 0, at_west


def test_an_order_past_its_day_is_late_until_received(alice: ApiClient, bob: ApiClient) -> None:
    body = {
        "supplier": "Summit Outdoor Supply",
        "warehouse": "WEST",
        "expected_date": "2026-02-20",
        "lines": [{"sku": "TNT-2P", "quantity": 4}],
    }
    code = expect(bob.post("/api/purchase-orders", json=body), 201)["code"]
    assert code not in _codes(alice.get("/api/purchase-orders?late=true").json())  # a draft
    expect(alice.post(f"/api/purchase-orders/{code}/send"), 200)
    assert code in _codes(alice.get("/api/purchase-orders?late=true").json())
    expect(bob.post(f"/api/purchase-orders/{code}/receive", json={"bin": "WEST-A-01"}), 200)
    assert code not in _codes(alice.get("/api/purchase-orders?late=true").json())


def test_the_late_counters_link_to_the_late_orders(alice: ApiClient) -> None:
    browser = as_browser(alice)
    overview = browser.get("/").text
    links = {
        " ".join(re.sub(r"<[^>]+>", "", unescape(name)).split()): unescape(href)
        for href, name in re.findall(r'<a [^>]*href="([^"]*)"[^>]*>(.*?)</a>', overview, re.S)
    }
    assert "Late" not in re.sub(r"<a [^>]*>.*?</a>", "", overview, flags=re.S), "a plain Late"
    expected = {"EAST": {"PO-1003"}, "WEST": set()}
    for house, codes in expected.items():
        name = f"{len(codes)} Late (receipts at {house})"
        assert name in links, (name, sorted(links))
        page = browser.get(links[name]).text
        assert _row_codes(page) == codes, (links[name], _row_codes(page))
        assert re.search(r'id="filter-late"[^>]*checked', page), "the late filter not shown on"
        word = "purchase order" if len(codes) == 1 else "purchase orders"
        assert f"<p>{len(codes)} late {word}</p>" in page, page[:2000]


def test_the_list_pages_keep_the_late_filter(alice: ApiClient) -> None:
    """The pager's links keep the filter: the second page of the orders not late is still them."""
    browser = as_browser(alice)
    first = browser.get("/purchase-orders?late=false&per_page=4").text
    [next_page] = re.findall(r'href="([^"]*)" id="next-page"', first)
    assert "late=false" in unescape(next_page), next_page
    second = browser.get(unescape(next_page)).text
    shown = _row_codes(first) | _row_codes(second)
    assert shown == ALL_ORDERS - {"PO-1003"}, shown
