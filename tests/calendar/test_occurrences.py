"""One instance of a recurring event changed or cancelled on its own (RFC 5545 overrides).

Event 1 is alice's daily standup, 09:30-09:45 New York (14:30Z), Monday 2026-03-02 to Friday,
with bob, carol and dave as guests; its occurrence 3 is Thursday's.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path

from mock_services.core.base.auth import session_cookie
from mock_services.core.base.settings import Settings
from mock_services.core.serve.seeding import seed_service
from mock_services.registry import get_spec
from tests.helpers import ApiClient, expect, expect_error

WEEK = {"start": "2026-03-02T00:00:00Z", "end": "2026-03-09T00:00:00Z"}
THURSDAY = {"start": "2026-03-05T00:00:00Z", "end": "2026-03-06T00:00:00Z"}


def _standups(client: ApiClient, **params: object) -> list[dict]:
    listed = expect(client.get("/api/events", params={**WEEK, "q": "standup", **params}), 200)
    return [o for o in listed["items"] if o["id"] == 1]


def _busy(client: ApiClient, user: str, span: dict) -> list[tuple[str, str]]:
    answer = expect(client.post("/api/freebusy", json={"users": [user], **span}), 200)
    return [(b["start"], b["end"]) for b in answer["users"][0]["busy"]]


def test_cancel_one_occurrence_leaves_the_others(
    alice: ApiClient, bob: ApiClient, calendar_db: Callable[[str], list[tuple]]
) -> None:
    assert _busy(alice, "bob", THURSDAY) == [("2026-03-05T14:30:00Z", "2026-03-05T14:45:00Z")]
    cancelled = expect(alice.delete("/api/events/1/occurrences/3"), 200)
    assert (cancelled["status"], cancelled["is_exception"]) == ("cancelled", True)
    assert cancelled["original_start"] == cancelled["start"] == "2026-03-05T14:30:00Z"
    # listings, a guest's too, skip it; free/busy no longer counts it
    for who in (alice, bob):
        assert [o["occurrence_index"] for o in _standups(who)] == [0, 1, 2, 4]
    shown = _standups(alice, include_cancelled="true")
    assert [(o["occurrence_index"], o["status"]) for o in shown][3] == (3, "cancelled")
    assert _busy(alice, "bob", THURSDAY) == []
    # the series itself is unchanged and lists the exception
    series = expect(alice.get("/api/events/1"), 200)
    assert series["status"] == "confirmed"
    assert [(x["occurrence_index"], x["status"]) for x in series["exceptions"]] == [
        (3, "cancelled")
    ]
    assert calendar_db(
        "SELECT event_id, occurrence_index, original_start, status, start_at FROM event_exceptions"
    ) == [(1, 3, "2026-03-05 14:30:00.000000", "cancelled", "2026-03-05 14:30:00.000000")]
    error = expect_error(alice.delete("/api/events/1/occurrences/3"), 409)
    assert "already cancelled" in error["message"]
    error = expect_error(alice.patch("/api/events/1/occurrences/3", json={"title": "x"}), 409)
    assert "occurrence 3 of event 1 is cancelled" in error["message"]
    assert expect(alice.get("/api/events/1/occurrences/3"), 200)["status"] == "cancelled"


def test_move_and_rename_one_occurrence(
    alice: ApiClient, calendar_db: Callable[[str], list[tuple]]
) -> None:
    # a naive time is local to the event's zone (New York); moving only start keeps 15 minutes
    moved = expect(
        alice.patch(
            "/api/events/1/occurrences/2",
            json={"start": "2026-03-04T11:00:00", "title": "Standup (late)"},
        ),
        200,
    )
    assert (moved["start"], moved["end"]) == ("2026-03-04T16:00:00Z", "2026-03-04T16:15:00Z")
    assert moved["original_start"] == "2026-03-04T14:30:00Z"
    assert moved["title"] == "Standup (late)" and moved["location"] == "Zoom"
    titles = {o["occurrence_index"]: (o["title"], o["start"]) for o in _standups(alice)}
    assert titles[2] == ("Standup (late)", "2026-03-04T16:00:00Z")
    assert titles[1] == ("Team standup", "2026-03-03T14:30:00Z")
    wednesday = {"start": "2026-03-04T00:00:00Z", "end": "2026-03-05T00:00:00Z"}
    # carol's Wednesday 15:00-16:00Z meeting now runs into the standup; 14:30Z is free
    assert _busy(alice, "carol", wednesday) == [("2026-03-04T15:00:00Z", "2026-03-04T16:15:00Z")]
    assert calendar_db(
        "SELECT occurrence_index, title, location, start_at, end_at FROM event_exceptions"
    ) == [(2, "Standup (late)", None, "2026-03-04 16:00:00.000000", "2026-03-04 16:15:00.000000")]
    # a second change edits the same override row
    again = expect(alice.patch("/api/events/1/occurrences/2", json={"location": "Room 1"}), 200)
    assert (again["location"], again["start"]) == ("Room 1", "2026-03-04T16:00:00Z")
    assert calendar_db("SELECT count(*) FROM event_exceptions") == [(1,)]


def test_moved_occurrence_conflicts_and_reject_conflicts(
    alice: ApiClient, calendar_db: Callable[[str], list[tuple]]
) -> None:
    # Tuesday's standup onto the 1:1 with dave (Tuesday 14:00 New York, event 2)
    body = {"start": "2026-03-03T14:00:00", "reject_conflicts": True}
    error = expect_error(alice.patch("/api/events/1/occurrences/1", json=body), 409)
    assert "event 2" in error["message"]
    assert calendar_db("SELECT count(*) FROM event_exceptions") == [(0,)]
    saved = expect(
        alice.patch("/api/events/1/occurrences/1", json={"start": "2026-03-03T14:00:00"}), 200
    )
    assert {(c["user"], c["event_id"]) for c in saved["conflicts"]} >= {
        ("alice", 2),
        ("dave", 2),
    }
    pairs = expect(alice.get("/api/conflicts", params=WEEK), 200)["items"]
    assert any({p["first"]["event_id"], p["second"]["event_id"]} == {1, 2} for p in pairs)


def test_occurrence_rules_and_refusals(alice: ApiClient, bob: ApiClient) -> None:
    error = expect_error(bob.delete("/api/events/1/occurrences/2"), 403)
    assert "only RSVP" in error["message"]
    error = expect_error(bob.patch("/api/events/1/occurrences/2", json={"title": "x"}), 403)
    error = expect_error(alice.delete("/api/events/5/occurrences/0"), 409)
    assert "event 5 does not repeat" in error["message"]
    error = expect_error(alice.delete("/api/events/1/occurrences/5"), 404)
    assert "event 1 has no occurrence 5" in error["message"]
    error = expect_error(
        alice.patch("/api/events/1/occurrences/0", json={"start_date": "2026-03-02"}), 422
    )
    assert "timed" in error["message"]
    error = expect_error(
        alice.patch("/api/events/1/occurrences/0", json={"end": "2026-03-02T09:00:00"}), 422
    )
    assert "must be after" in error["message"]
    error = expect_error(alice.patch("/api/events/1/occurrences/0", json={"color": "x"}), 422)
    assert expect(alice.get("/api/events/1"), 200)["exceptions"] == []


def test_changing_the_series_time_drops_its_exceptions_but_a_title_does_not(
    alice: ApiClient,
) -> None:
    expect(alice.delete("/api/events/1/occurrences/3"), 200)
    renamed = expect(alice.patch("/api/events/1", json={"title": "Daily sync"}), 200)
    assert [x["occurrence_index"] for x in renamed["exceptions"]] == [3]
    assert [o["occurrence_index"] for o in _standups(alice, q="sync")] == [0, 1, 2, 4]
    retimed = expect(alice.patch("/api/events/1", json={"start": "2026-03-02T10:00:00"}), 200)
    assert retimed["exceptions"] == []
    assert len(_standups(alice, q="sync")) == 5


def test_all_day_occurrence_moves_by_date(alice: ApiClient) -> None:
    created = expect(
        alice.post(
            "/api/events",
            json={
                "title": "Gym day",
                "all_day": True,
                "start_date": "2026-03-02",
                "recurrence": {"freq": "weekly", "count": 3},
            },
        ),
        201,
    )
    moved = expect(
        alice.patch(
            f"/api/events/{created['id']}/occurrences/1", json={"start_date": "2026-03-10"}
        ),
        200,
    )
    assert (moved["start_date"], moved["end_date"]) == ("2026-03-10", "2026-03-10")
    assert moved["original_start"] == "2026-03-09T04:00:00Z"  # Monday 00:00 in New York


def test_occurrence_forms_in_the_ui(service: ApiClient, alice: ApiClient) -> None:
    alice.http.cookies.set(session_cookie("calendar"), alice.http.headers.pop("Authorization")[7:])
    page = alice.get("/events/1").text
    assert 'id="occurrence-4"' in page and "Cancel this one" in page
    response = alice.post("/events/1/occurrences/4", data={"action": "cancel"})
    assert (
        response.status_code == 200 and "Cancelled the Fri 6 Mar 09:30 EST one of " in response.text
    )
    response = alice.post(
        "/events/1/occurrences/0",
        data={"action": "save", "title": "Kick-off", "date": "2026-03-02", "start_time": "09:00",
              "end_time": "09:20"},
    )  # fmt: skip
    assert "Changed the Mon 2 Mar 09:30 EST one of " in response.text
    first = expect(alice.get("/api/events/1/occurrences/0"), 200)
    assert (first["title"], first["start"], first["end"]) == (
        "Kick-off",
        "2026-03-02T14:00:00Z",
        "2026-03-02T14:20:00Z",
    )
    assert expect(alice.get("/api/events/1/occurrences/4"), 200)["status"] == "cancelled"
    week = alice.get("/", params={"week": "2026-03-02"}).text
    assert "Kick-off" in week and 'data-occurrence="4"' not in week


def test_export_after_occurrence_changes_seeds_the_same_rows(
    service: ApiClient,
    alice: ApiClient,
    calendar_db: Callable[[str], list[tuple]],
    tmp_path: Path,
) -> None:
    expect(alice.delete("/api/events/1/occurrences/3"), 200)
    expect(alice.patch("/api/events/1/occurrences/2", json={"start": "2026-03-04T11:00:00"}), 200)
    exported = expect(service.admin("GET", "/admin/export"), 200)
    again = Settings(data_dir=tmp_path / "again")
    seed_service(get_spec("calendar"), exported, again)
    with sqlite3.connect(again.db_path("calendar")) as reseeded:
        rows = reseeded.execute("SELECT * FROM event_exceptions ORDER BY id").fetchall()
    assert rows == calendar_db("SELECT * FROM event_exceptions ORDER BY id")
    assert len(rows) == 2
