"""Seeding: validation errors name the JSON path, dates resolve in the event's zone, and the
export reproduces the DB exactly."""

from __future__ import annotations

import copy
import sqlite3
from datetime import date, datetime
from pathlib import Path
from typing import Any

import pytest

from mock_services.core.base.settings import Settings
from mock_services.core.seeding.seed import SeedError, export_service
from mock_services.core.serve.seeding import seed_service
from mock_services.registry import get_spec
from tests.helpers import db_dump

SPEC = get_spec("calendar")
NOW = datetime.fromisoformat("2026-03-02T09:00:00+00:00")


def _seed(tmp_path: Path, document: dict[str, Any], **clock: Any) -> Settings:
    settings = Settings(data_dir=tmp_path / "data")
    seed_service(SPEC, document, settings, **clock)
    return settings


def _rows(settings: Settings, sql: str) -> list[tuple]:
    con = sqlite3.connect(settings.db_path("calendar"))
    try:
        return con.execute(sql).fetchall()
    finally:
        con.close()


def _dump(settings: Settings) -> list[str]:
    return [line for line in db_dump(settings.db_path("calendar")) if "_meta" not in line]


def _small() -> dict[str, Any]:
    return {
        "users": [
            {
                "username": "ana",
                "password": "pw",
                "display_name": "Ana",
                "email": "ana@example.test",
                "timezone": "Asia/Tokyo",
            },
            {
                "username": "ben",
                "password": "pw",
                "display_name": "Ben",
                "email": "ben@example.test",
            },
        ],
        "calendars": [{"owner": "ana", "name": "Work", "shares": [{"user": "ben"}]}],
        "events": [
            {
                "owner": "ana",
                "calendar": "Work",
                "title": "Sync",
                "start": "+1d 10:00",
                "end": "+1d 11:00",
                "attendees": [{"user": "ben", "rsvp": "accepted"}, {"email": "x@out.example"}],
            }
        ],
    }


def _error(tmp_path: Path, document: dict[str, Any]) -> str:
    with pytest.raises(SeedError) as caught:
        _seed(tmp_path, document)
    return str(caught.value)


def test_relative_times_resolve_in_the_event_zone(tmp_path: Path) -> None:
    document = _small()
    document["events"].append(
        {
            "owner": "ben",
            "title": "Call",
            "start": "+1d 10:00",
            "end": "+1d 10:30",
            "timezone": "America/New_York",
        }
    )
    settings = _seed(tmp_path, document, now=NOW, timezone="Europe/Paris")
    rows = _rows(settings, "SELECT title, start_at, end_at, timezone FROM events ORDER BY id")
    assert rows == [
        # the Work calendar follows ana's zone (Tokyo): 10:00 JST = 01:00 UTC
        ("Sync", "2026-03-03 01:00:00.000000", "2026-03-03 02:00:00.000000", "Asia/Tokyo"),
        ("Call", "2026-03-03 15:00:00.000000", "2026-03-03 15:30:00.000000", "America/New_York"),
    ]
    calendars = _rows(settings, "SELECT id, owner_id, name, is_primary, timezone FROM calendars")
    assert calendars == [
        (1, 1, "Ana", 1, "Asia/Tokyo"),
        (2, 2, "Ben", 1, "UTC"),
        (3, 1, "Work", 0, "Asia/Tokyo"),
    ]
    attendees = _rows(settings, "SELECT email, user_id, rsvp_status FROM event_attendees")
    assert attendees == [
        ("ben@example.test", 2, "accepted"),
        ("x@out.example", None, "needs_action"),
    ]


def test_default_seed_round_trips_exactly(tmp_path: Path) -> None:
    first = _seed(tmp_path / "a", SPEC.default_seed())
    exported = export_service(SPEC, first)
    assert exported["events"][0]["start"] == "+0d 09:30"  # still relative, in the event's zone
    second = _seed(tmp_path / "b", exported)
    assert _dump(first) == _dump(second)
    assert export_service(SPEC, second) == exported
    again = _seed(tmp_path / "c", SPEC.default_seed())
    assert _dump(first) == _dump(again)


def test_export_pins_ids_after_changes(tmp_path: Path) -> None:
    document = _small()
    document["calendars"][0]["id"] = 10
    document["events"][0]["id"] = 7
    document["events"][0]["attendees"][0]["id"] = 5
    first = _seed(tmp_path / "a", document)
    exported = export_service(SPEC, first)
    assert exported["events"][0]["id"] == 7 and exported["calendars"][2]["id"] == 10
    second = _seed(tmp_path / "b", exported)
    assert _dump(first) == _dump(second)


def test_all_day_and_recurrence_seed(tmp_path: Path) -> None:
    document = _small()
    document["events"] = [
        {
            "owner": "ana",
            "title": "Holiday",
            "all_day": True,
            "start_date": "+3d",
            "end_date": "+4d",
            "recurrence": {"freq": "monthly", "until": "+90d"},
        }
    ]
    settings = _seed(tmp_path, document, now=NOW)
    ((start_date, end_date, start_at, transparency, until),) = _rows(
        settings,
        "SELECT start_date, end_date, start_at, transparency, recurrence_until FROM events",
    )
    assert (start_date, end_date) == ("2026-03-05", "2026-03-06")
    assert start_at == "2026-03-04 15:00:00.000000"  # midnight in Tokyo
    assert transparency == "transparent" and until == str(date(2026, 5, 31))


def test_unknown_user_is_named(tmp_path: Path) -> None:
    document = _small()
    document["events"][0]["attendees"][0]["user"] = "zoe"
    message = _error(tmp_path, document)
    assert "calendar.events[0].attendees[0].user" in message
    assert "unknown user 'zoe'; expected one of: 'ana', 'ben'" in message


def test_unknown_calendar_is_named(tmp_path: Path) -> None:
    document = _small()
    document["events"][0]["calendar"] = "Play"
    message = _error(tmp_path, document)
    assert (
        "calendar.events[0].calendar" in message and "unknown calendar ('ana', 'Play')" in message
    )


def test_bad_time_zone_is_named(tmp_path: Path) -> None:
    document = _small()
    document["users"][1]["timezone"] = "Europe/Nowhere"
    message = _error(tmp_path, document)
    assert "calendar.users[1].timezone" in message and "'Europe/Nowhere'" in message
    document = _small()
    document["events"][0]["timezone"] = "Nope/Nope"
    message = _error(tmp_path, document)
    assert "calendar.events[0].timezone" in message and "'Nope/Nope'" in message


def test_end_before_start_is_named(tmp_path: Path) -> None:
    document = _small()
    document["events"][0]["end"] = "+1d 09:00"
    message = _error(tmp_path, document)
    assert "calendar.events[0].end" in message and "must be after start" in message


def test_bad_relative_date_is_named(tmp_path: Path) -> None:
    document = _small()
    document["events"][0]["start"] = "tomorrow-ish"
    message = _error(tmp_path, document)
    assert "calendar.events[0].start" in message and "'tomorrow-ish' is not a date" in message


def test_timed_event_needs_start_and_end(tmp_path: Path) -> None:
    document = _small()
    del document["events"][0]["end"]
    message = _error(tmp_path, document)
    assert "calendar.events[0]" in message and "needs 'start' and 'end'" in message


def test_attendee_needs_user_or_email(tmp_path: Path) -> None:
    document = _small()
    document["events"][0]["attendees"].append({"rsvp": "accepted"})
    message = _error(tmp_path, document)
    assert "calendar.events[0].attendees[2]" in message
    assert "exactly one of 'user'" in message


def test_duplicate_guest_and_primary_and_share(tmp_path: Path) -> None:
    document = _small()
    document["events"][0]["attendees"].append({"email": "BEN@example.test"})
    message = _error(tmp_path, document)
    assert "calendar.events[0].attendees[2]" in message and "invited twice" in message
    document = _small()
    document["calendars"].append({"owner": "ana", "name": "Main", "primary": True})
    document["calendars"].append({"owner": "ana", "name": "Other", "primary": True})
    message = _error(tmp_path, document)
    assert "calendar.calendars[2].primary" in message and "already has a primary" in message
    document = _small()
    document["calendars"][0]["shares"] = [{"user": "ana"}]
    message = _error(tmp_path, document)
    assert "calendar.calendars[0].shares[0].user" in message and "owns this calendar" in message


def test_duplicate_calendar_name_and_bad_field(tmp_path: Path) -> None:
    document = _small()
    document["calendars"].append({"owner": "ana", "name": "Work"})
    message = _error(tmp_path, document)
    assert "calendar.calendars[1].name" in message and "duplicate calendar" in message
    document = copy.deepcopy(_small())
    document["events"][0]["rsvp"] = "yes"
    message = _error(tmp_path, document)
    assert "calendar.events[0].rsvp" in message and "Extra inputs are not permitted" in message


def _with_exceptions() -> dict[str, Any]:
    document = _small()
    document["events"][0]["recurrence"] = {"freq": "daily", "count": 4}
    document["events"][0]["exceptions"] = [
        {"occurrence": 1, "status": "cancelled"},
        {"occurrence": 2, "start": "+3d 15:00", "end": "+3d 15:30", "title": "Late sync"},
    ]
    document["events"].append(
        {
            "owner": "ana",
            "title": "Chores",
            "all_day": True,
            "start_date": "+1d",
            "recurrence": {"freq": "weekly", "count": 2},
            "exceptions": [{"occurrence": 1, "start_date": "+9d", "location": "Home"}],
        }
    )
    return document


def test_exceptions_seed_and_round_trip(tmp_path: Path) -> None:
    first = _seed(tmp_path / "a", _with_exceptions(), now=NOW)
    # Tokyo: tomorrow 10:00 is 01:00Z; the rule's third instance (Thursday) moved to 15:00 local
    assert _rows(
        first,
        "SELECT event_id, occurrence_index, original_start, status, title, start_at, end_at,"
        " start_date FROM event_exceptions ORDER BY id",
    ) == [
        (1, 1, "2026-03-04 01:00:00.000000", "cancelled", None,
         "2026-03-04 01:00:00.000000", "2026-03-04 02:00:00.000000", None),
        (1, 2, "2026-03-05 01:00:00.000000", "confirmed", "Late sync",
         "2026-03-05 06:00:00.000000", "2026-03-05 06:30:00.000000", None),
        (2, 1, "2026-03-09 15:00:00.000000", "confirmed", None,
         "2026-03-10 15:00:00.000000", "2026-03-11 15:00:00.000000", "2026-03-11"),
    ]  # fmt: skip
    exported = export_service(SPEC, first)
    assert exported["events"][0]["exceptions"][1]["start"] == "+3d 15:00"
    second = _seed(tmp_path / "b", exported, now=NOW)
    assert _dump(first) == _dump(second)
    assert export_service(SPEC, second) == exported


@pytest.mark.parametrize(
    ("change", "where", "what"),
    [
        (lambda d: d["events"][0]["exceptions"][0].update(occurrence=4),
         "calendar.events[0].exceptions[0].occurrence", "the event has no occurrence 4"),
        (lambda d: d["events"][0]["exceptions"][1].update(occurrence=1),
         "calendar.events[0].exceptions[1].occurrence", "occurrence 1 is listed twice"),
        (lambda d: d["events"][0].pop("recurrence"),
         "calendar.events[0]", "only a recurring event has exceptions"),
        (lambda d: d["events"][0]["exceptions"][1].update(end="+3d 14:00"),
         "calendar.events[0].exceptions[1].end", "must end after it starts"),
        (lambda d: d["events"][1]["exceptions"][0].update(start="+9d 10:00"),
         "calendar.events[1]", "an all-day event's instance has no start"),
    ],
)  # fmt: skip
def test_bad_exceptions_are_named(tmp_path: Path, change: Any, where: str, what: str) -> None:
    document = _with_exceptions()
    change(document)
    message = _error(tmp_path, document)
    assert where in message and what in message
