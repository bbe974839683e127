"""Relative dates and the frozen clock."""

from datetime import UTC, date, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from mock_services.core.base.clock import (
    Clock,
    DateParseError,
    iso,
    relativize,
    resolve_date,
    resolve_datetime,
)

NOW = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
PARIS = ZoneInfo("Europe/Paris")
UTC_ZONE = ZoneInfo("UTC")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("now", datetime(2026, 3, 2, 9, 0, tzinfo=UTC)),
        ("+3d 10:00", datetime(2026, 3, 5, 10, 0, tzinfo=UTC)),
        ("-2h", datetime(2026, 3, 2, 7, 0, tzinfo=UTC)),
        ("+1w2d", datetime(2026, 3, 11, 9, 0, tzinfo=UTC)),
        ("+90m", datetime(2026, 3, 2, 10, 30, tzinfo=UTC)),
        ("today 17:45:30", datetime(2026, 3, 2, 17, 45, 30, tzinfo=UTC)),
        ("2026-04-01T08:00:00Z", datetime(2026, 4, 1, 8, 0, tzinfo=UTC)),
        ("2026-04-01 08:00", datetime(2026, 4, 1, 8, 0, tzinfo=UTC)),
    ],
)
def test_resolve_datetime_in_utc(text: str, expected: datetime) -> None:
    assert resolve_datetime(text, NOW, UTC_ZONE) == expected


def test_time_of_day_is_read_in_the_task_time_zone() -> None:
    # 10:00 in Paris on 5 March (UTC+1 in winter) is 09:00 UTC.
    assert resolve_datetime("+3d 10:00", NOW, PARIS) == datetime(2026, 3, 5, 9, 0, tzinfo=UTC)
    # After the switch to summer time (29 March) Paris is UTC+2.
    assert resolve_datetime("+30d 10:00", NOW, PARIS) == datetime(2026, 4, 1, 8, 0, tzinfo=UTC)


@pytest.mark.parametrize("text", ["+3x", "tomorrow", "+3d 25:00", "3d", "", "2026-13-01"])
def test_bad_dates_name_the_value_and_the_accepted_forms(text: str) -> None:
    with pytest.raises(DateParseError) as caught:
        resolve_datetime(text, NOW, UTC_ZONE)
    assert repr(text) in str(caught.value) or "25:00" in str(caught.value)


def test_resolve_date_accepts_relative_and_iso_dates() -> None:
    assert resolve_date("+3d", NOW, UTC_ZONE) == date(2026, 3, 5)
    assert resolve_date("2026-03-09", NOW, UTC_ZONE) == date(2026, 3, 9)
    assert resolve_date("today", NOW, PARIS) == date(2026, 3, 2)


@pytest.mark.parametrize("text", ["now", "+3d 10:00", "-1d 08:15:30", "+0d 23:59", "-40d 00:00"])
def test_relativize_round_trips(text: str) -> None:
    for zone in (UTC_ZONE, PARIS):
        moment = resolve_datetime(text, NOW, zone)
        assert relativize(moment, NOW, zone) == text
        assert resolve_datetime(relativize(moment, NOW, zone), NOW, zone) == moment


def test_clock_ticks_one_second_per_request_and_renders_iso() -> None:
    clock = Clock(NOW, UTC_ZONE)
    assert iso(clock.at(0)) == "2026-03-02T09:00:00Z"
    assert iso(clock.at(7)) == "2026-03-02T09:00:07Z"


def test_a_frozen_clock_reads_its_ticks_alone() -> None:
    assert Clock(NOW, UTC_ZONE).at(7, elapsed=600) == datetime(2026, 3, 2, 9, 0, 7, tzinfo=UTC)


def test_a_running_clock_counts_real_seconds_and_its_ticks_only_order() -> None:
    """However many ticks (requests served), a running clock never gains a second on real time:
    each tick is one microsecond, and they stop short of a second."""
    clock = Clock(NOW, UTC_ZONE, "running")
    assert clock.at(5, elapsed=3) == datetime(2026, 3, 2, 9, 0, 3, 5, tzinfo=UTC)
    assert clock.at(4, elapsed=3) < clock.at(5, elapsed=3) < clock.at(0, elapsed=4)
    flooded = clock.at(10**9, elapsed=599)
    assert flooded < NOW + timedelta(minutes=10), f"a billion ticks reached {flooded}"
