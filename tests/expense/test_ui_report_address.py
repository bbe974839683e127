"""A report's code, the one every page shows ("EXP-1001"), is an address of its page, as an
invoice's or a ticket's code is on their sites; an unknown code is a 404 page."""

from __future__ import annotations

from tests.form_assertions import as_browser
from tests.helpers import ApiClient


def test_the_code_shown_reaches_the_reports_page(alice: ApiClient) -> None:
    mine = alice.get("/api/reports").json()["items"][0]
    browser = as_browser(alice)
    answer = browser.get(f"/reports/{mine['code']}")
    assert answer.status_code == 200, answer.status_code
    assert answer.url.endswith(f"/reports/{mine['id']}")
    assert f"{mine['code']}:" in answer.text
    assert browser.get(f"/reports/{mine['code'].lower()}").status_code == 200
    assert browser.get("/reports/EXP-9999").status_code == 404
