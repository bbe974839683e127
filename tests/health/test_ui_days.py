"""Health pages say days in words ("Medications on Mon 2 Mar"), never a bare ISO date; a date
field keeps ISO, as ``<input type=date>`` takes it."""

from __future__ import annotations

import pytest

from tests.form_assertions import as_browser
from tests.helpers import ApiClient
from tests.page_words import iso_days_shown, shown_text

PAGES = ["/", "/?day=2026-03-01", "/medications", "/medications/1", "/records",
         "/foods?q=salmon&meal=lunch&day=2026-03-01", "/appointments",
         "/appointments/schedule?provider_id=1&day=2026-03-05&duration_minutes=30",
         "/appointments?provider_id=1&day=2026-03-05&duration_minutes=30"]  # fmt: skip


@pytest.mark.parametrize("path", PAGES)
def test_no_health_page_shows_a_bare_iso_date(alice: ApiClient, path: str) -> None:
    page = as_browser(alice).get(path)
    assert page.status_code == 200, (path, page.status_code)
    assert iso_days_shown(page.text) == [], path


def test_the_home_page_names_the_medications_day_in_words(alice: ApiClient) -> None:
    assert "Medications on Mon 2 Mar" in shown_text(as_browser(alice).get("/").text)


def test_the_days_heading_names_it_as_the_calendar_heads_a_day(alice: ApiClient) -> None:
    page = as_browser(alice).get("/?day=2026-03-01").text
    assert '<h2 id="day-heading">Your day: Sunday, 1 March 2026</h2>' in page
