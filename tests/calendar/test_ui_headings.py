"""The calendar's views are headed as Google Calendar heads them: a week "2 - 8 Mar 2026"
(an en dash), a day "Monday, 2 March 2026", a month "March 2026", never a long form with a
leading zero ("Week of Monday 02 March 2026"). Default seed: today is Monday 2 March 2026."""

from __future__ import annotations

import re

import pytest

from tests.form_assertions import as_browser
from tests.helpers import ApiClient

HEADINGS = [
    ("/?week=2026-03-04", "week-title", "2 \N{EN DASH} 8 Mar 2026"),
    ("/?week=2026-03-31", "week-title", "30 Mar \N{EN DASH} 5 Apr 2026"),
    ("/?week=2026-12-30", "week-title", "28 Dec 2026 \N{EN DASH} 3 Jan 2027"),
    ("/day?date=2026-03-02", "day-title", "Monday, 2 March 2026"),
    ("/month?month=2026-03", "month-title", "March 2026"),
]


@pytest.mark.parametrize(("address", "heading", "named"), HEADINGS)
def test_a_view_is_headed_as_google_calendar_heads_it(
    service: ApiClient, address: str, heading: str, named: str
) -> None:
    page = as_browser(service.as_user("alice", "alice-pass")).get(address).text
    found = re.search(rf'<h\d id="{heading}">(.*?)(?:</h\d>| <span)', page, re.S)
    assert found is not None and found[1].strip() == named, (address, found and found[1])
    assert f"<title>{named} · " in page


def test_the_schedule_heads_its_week_and_days_without_leading_zeros(service: ApiClient) -> None:
    page = as_browser(service.as_user("alice", "alice-pass")).get("/schedule?week=2026-03-04").text
    assert (
        ">Schedule, 2 \N{EN DASH} 8 Mar 2026</h1>" in page
        and "Schedule, 2 \N{EN DASH} 8 Mar 2026" in page
    )
    assert "Monday, 2 March 2026</a>" in page and "Sunday, 8 March 2026</a>" in page
    assert not re.search(r"\b0\d (?:January|February|March|April)", page)


RECORD_AND_TOOL_PAGES = ["/events/1", "/events/1/occurrences/1", "/calendars", "/calendars/1",
                         "/events/new", "/invitations", "/people", "/find-a-time", "/search",
                         "/conflicts", "/settings", "/day?date=2026-03-02", "/month",
                         "/schedule"]  # fmt: skip


@pytest.mark.parametrize("address", RECORD_AND_TOOL_PAGES)
def test_each_page_has_one_main_heading_an_h1(service: ApiClient, address: str) -> None:
    """An event's title is the page's h1 (its sections are h2s), as on every other page."""
    page = as_browser(service.as_user("alice", "alice-pass")).get(address)
    assert page.status_code == 200, address
    assert len(re.findall(r"<h1\b", page.text)) == 1, address
