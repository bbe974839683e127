"""Health pages write quantities as people do: "Servings 1", "320 kcal", a refusal's "must be
at most 400", never a needless ".0"."""

from __future__ import annotations

import re

from tests.form_assertions import as_browser, assert_form_refused
from tests.helpers import ApiClient
from tests.page_words import shown_text

POINT_ZERO = re.compile(r"\b\d+\.0\b")


def test_pages_write_numbers_without_a_needless_point_zero(service: ApiClient) -> None:
    browser = as_browser(service.as_user("alice", "alice-pass"))
    for path in ("/", "/foods", "/activities", "/records"):
        text = shown_text(browser.get(path).text)
        assert POINT_ZERO.findall(text) == [], (path, POINT_ZERO.findall(text)[:5])


def test_a_refused_bound_is_written_as_a_number(service: ApiClient) -> None:
    browser = as_browser(service.as_user("alice", "alice-pass"))
    today = browser.get("/").text
    day = re.search(r'name="day" value="([\d-]+)"', today)
    assert day is not None
    refused = browser.post(
        "/records",
        data={"day": day.group(1), "weight_kg": "401"},
        headers={"Referer": service.base_url + "/"},
    )
    assert_form_refused(
        refused, errors={"weight_kg": "must be at most 400"}, kept={"weight_kg": "401"}
    )
    assert "400.0" not in shown_text(refused.text)
