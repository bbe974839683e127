"""The pages' ``when`` filter: a moment shown in the zone of the page's "Today" line and named,
whether the service holds it as an ISO string, an aware datetime or a naive UTC one."""

from __future__ import annotations

from datetime import UTC, date, datetime
from zoneinfo import ZoneInfo

import pytest
from flask import Flask

from mock_services.core.web.ui import core_ui

NEW_YORK = ZoneInfo("America/New_York")


@pytest.fixture(scope="module")
def pages() -> Flask:
    app = Flask(__name__)
    app.register_blueprint(core_ui)
    return app


def shown(pages: Flask, moment: object, local_now: datetime | None) -> str:
    return pages.jinja_env.from_string("{{ moment | when }}").render(
        moment=moment, local_now=local_now
    )


@pytest.mark.parametrize(
    "moment",
    [
        "2026-03-12T15:30:00Z",
        "2026-03-12T11:30:00-04:00",
        datetime(2026, 3, 12, 15, 30, tzinfo=UTC),
        datetime(2026, 3, 12, 15, 30),  # naive: UTC, as the services store it
    ],
)
def test_a_moment_is_shown_in_the_pages_zone_with_its_name(pages: Flask, moment: object) -> None:
    today = datetime(2026, 3, 10, 9, 0, tzinfo=NEW_YORK)
    assert shown(pages, moment, today) == "Thu 12 Mar 11:30 EDT"


def test_the_zone_changes_with_the_date_and_a_page_without_today_shows_utc(pages: Flask) -> None:
    winter = datetime(2026, 1, 5, 9, 0, tzinfo=NEW_YORK)
    assert shown(pages, "2026-01-06T14:05:00Z", winter) == "Tue 6 Jan 09:05 EST"
    assert shown(pages, "2026-01-06T14:05:00Z", None) == "Tue 6 Jan 14:05 UTC"
    assert shown(pages, None, winter) == "-"


def test_this_years_moment_never_shows_its_year(pages: Flask) -> None:
    """The year is the reader's cue that a date is not this year's: a page cannot ask for it
    on this year's dates (a ticket's "Created Mon 16 Mar 2026" beside a list's "Mon 16 Mar")."""
    winter = datetime(2026, 1, 5, 9, 0, tzinfo=NEW_YORK)
    assert shown(pages, "2025-12-31T14:05:00Z", winter) == "Wed 31 Dec 2025 09:05 EST"
    assert shown(pages, "2026-12-31T14:05:00Z", winter) == "Thu 31 Dec 09:05 EST"
    with pytest.raises(TypeError):
        pages.jinja_env.from_string("{{ moment | when(year=True) }}").render(
            moment="2026-01-06T14:05:00Z", local_now=winter
        )


def test_another_years_moment_shows_its_year_unasked(pages: Flask) -> None:
    """A page two years old must not read as next month's (an outside reviewer's KB search)."""
    today = datetime(2026, 3, 2, 9, 0, tzinfo=NEW_YORK)
    assert shown(pages, "2024-04-01T13:00:00Z", today) == "Mon 1 Apr 2024 09:00 EDT"
    assert shown(pages, "2026-04-01T13:00:00Z", today) == "Wed 1 Apr 09:00 EDT"


@pytest.mark.parametrize(
    ("value", "words"),
    [
        (datetime(2026, 3, 3, 2, 30), "2 March 2026"),  # naive UTC: still the 2nd in New York
        ("2026-03-03T15:00:00Z", "3 March 2026"),
        (date(2025, 11, 2), "2 November 2025"),
        ("2025-11-02", "2 November 2025"),
        (None, "-"),
    ],
)
def test_dated_says_the_day_a_record_dates_from_without_a_time(
    pages: Flask, value: object, words: str
) -> None:
    """A product's "First available": the local day in words, never a time of day."""
    today = datetime(2026, 3, 10, 9, 0, tzinfo=NEW_YORK)
    html = pages.jinja_env.from_string("{{ value | dated }}").render(value=value, local_now=today)
    assert html == words
