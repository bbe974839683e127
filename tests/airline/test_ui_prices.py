"""Airline pages write prices as the airline's site does: the dollar sign and thousands
separators ("$2,276.00"), never "$2276.00"."""

from __future__ import annotations

import re

from tests.form_assertions import as_browser
from tests.helpers import ApiClient, expect
from tests.page_words import shown_text

UNSEPARATED = re.compile(r"\$\d{4,}")
SEPARATED = re.compile(r"\$\d{1,3}(,\d{3})+\.\d\d\b")


def test_prices_have_thousands_separators(airline: ApiClient) -> None:
    browser = as_browser(airline.as_user("alice", "alice-pass"))
    flights = expect(airline.as_user("alice", "alice-pass").get("/api/flights"), 200)["items"]
    later = next(f for f in flights if f["status"] == "scheduled")
    page = browser.get(f"/flights/{later['id']}/book?cabin=business&passengers=4")
    text = shown_text(page.text)
    assert UNSEPARATED.findall(text) == [], UNSEPARATED.findall(text)[:3]
    total = re.search(r"total (\$[\d,.]+)", text)
    assert total is not None and SEPARATED.fullmatch(total.group(1)), text[:600]
    for path in ("/bookings", "/bookings/ALICE1"):
        shown = shown_text(browser.get(path).text)
        assert UNSEPARATED.findall(shown) == [], (path, UNSEPARATED.findall(shown)[:3])
