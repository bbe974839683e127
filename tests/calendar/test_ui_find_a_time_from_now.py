"""Find a time suggests no time already past: at Mon 2 Mar 09:00 New York (the default clock)
today's suggestions start at 09:00, as Google Calendar's start from now, and the directory's
"Find a time" on the reader's own row asks about the reader once."""

from __future__ import annotations

import html
import re
from urllib.parse import parse_qs, urlparse

from tests.form_assertions import as_browser
from tests.helpers import ApiClient
from tests.page_words import shown_text


def _shown(page: str) -> list[str]:
    return re.findall(r'<li class="slot">[^(]*\((\d\d:\d\d)\u2013', page)


def test_today_offers_no_time_already_past(service: ApiClient) -> None:
    browser = as_browser(service.as_user("alice", "alice-pass"))
    early = {"users": "alice,bob", "from": "2026-03-02", "days": "7", "duration_minutes": "30",
             "working_hours_start": "07:00", "working_hours_end": "08:30"}  # fmt: skip
    page = browser.get("/find-a-time", params=early).text
    days = re.findall(r'data-day="([\d-]+)">\s*<h3>(.*?)</h3>', page, re.S)
    assert days[0] == ("2026-03-02", "Mon 2 Mar: no free time left today"), days[:2]
    assert "Mon 2 Mar 07:00" not in shown_text(page)
    assert days[1][1].startswith("Tue 3 Mar: "), days[1]
    whole = {**early, "working_hours_start": "07:00", "working_hours_end": "17:00", "days": "1"}
    today = browser.get("/find-a-time", params=whole).text
    assert _shown(today) and min(_shown(today)) >= "09:00", _shown(today)
    past = browser.get("/find-a-time", params={**whole, "from": "2026-02-27"}).text
    assert "Fri 27 Feb: no free time (this day is past)" in shown_text(past)
    assert _shown(past) == []


def test_find_a_time_on_ones_own_row_asks_about_oneself_once(service: ApiClient) -> None:
    browser = as_browser(service.as_user("alice", "alice-pass"))
    page = browser.get("/people").text
    links = dict(
        (label, html.unescape(href))
        for href, label in re.findall(
            r'<a href="([^"]*)" aria-label="Find a time with ([^"]+)"', page
        )
    )
    assert parse_qs(urlparse(links["Alice Martin"]).query)["users"] == ["alice"], links
    assert parse_qs(urlparse(links["Bob Chen"]).query)["users"] == ["alice, bob"], links
