"""The stock page finds a bin as the pages name it, in any case ("EAST/Stock/EAST-RCV",
"east-rcv"), and an unknown one is told in plain words, as typed, with no field prefix."""

from __future__ import annotations

from tests.form_assertions import as_browser
from tests.helpers import ApiClient
from tests.page_words import shown_text

HTML = {"Accept": "text/html"}


def test_a_bin_is_found_by_its_full_name_in_any_case(service: ApiClient) -> None:
    browser = as_browser(service.as_user("alice", "alice-pass"))
    for asked in ("EAST/Stock/EAST-RCV", "east/stock/east-rcv", "east-rcv"):
        response = browser.get("/stock", params={"bin": asked}, headers=HTML)
        assert response.status_code == 200, (asked, shown_text(response.text)[:400])
    api = service.as_user("alice", "alice-pass").get(
        "/api/stock", params={"bin": "EAST/Stock/EAST-RCV"}
    )
    assert api.status_code == 200


def test_an_unknown_bin_is_told_plainly(service: ApiClient) -> None:
    browser = as_browser(service.as_user("alice", "alice-pass"))
    response = browser.get("/stock", params={"bin": "West/Stock/Nowhere"}, headers=HTML)
    assert response.status_code == 422
    text = shown_text(response.text)
    assert "There is no bin “West/Stock/Nowhere”." in text, text[:600]
    assert "bin:" not in text and "WEST/STOCK" not in text
