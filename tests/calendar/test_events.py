"""Events: create, read, update, delete, list by range, invitations and RSVP."""

from __future__ import annotations

from typing import Any

from mock_services.core.base.keys import delivery_token
from tests.helpers import ApiClient, expect, expect_error

WEEK = {"start": "2026-03-02T00:00:00Z", "end": "2026-03-09T00:00:00Z"}


def _event(**fields: Any) -> dict[str, Any]:
    return {
        "title": "Budget review",
        "start": "2026-03-10T15:00:00Z",
        "end": "2026-03-10T16:00:00Z",
        **fields,
    }


def test_create_with_an_aware_datetime(alice: ApiClient) -> None:
    created = expect(alice.post("/api/events", json=_event(location="Room 2")), 201)
    assert created["calendar_id"] == 1 and created["calendar_name"] == "Alice Martin"
    assert created["start"] == "2026-03-10T15:00:00Z" and created["end"] == "2026-03-10T16:00:00Z"
    # the calendar's zone (New York, daylight saving time from March 8)
    assert created["timezone"] == "America/New_York"
    assert created["start_local"] == "2026-03-10T11:00:00-04:00"
    assert created["organizer"]["username"] == "alice" and created["my_role"] == "organizer"
    assert created["status"] == "confirmed" and created["transparency"] == "opaque"
    assert created["conflicts"] == [] and created["can_edit"] is True
    assert created["created_at"] == created["updated_at"]
    fetched = expect(alice.get(f"/api/events/{created['id']}"), 200)
    assert fetched["title"] == "Budget review" and fetched["location"] == "Room 2"


def test_create_with_a_naive_local_time_and_a_time_zone(alice: ApiClient) -> None:
    created = expect(
        alice.post(
            "/api/events",
            json=_event(
                start="2026-03-10T09:00:00", end="2026-03-10T09:30:00", timezone="Asia/Tokyo"
            ),
        ),
        201,
    )
    assert created["start"] == "2026-03-10T00:00:00Z" and created["end"] == "2026-03-10T00:30:00Z"
    assert created["start_local"] == "2026-03-10T09:00:00+09:00"
    assert created["timezone"] == "Asia/Tokyo"
    # without a zone, a naive time is local time in the calendar's zone
    local = expect(
        alice.post(
            "/api/events", json=_event(start="2026-03-03T09:00:00", end="2026-03-03T09:20:00")
        ),
        201,
    )
    assert local["start"] == "2026-03-03T14:00:00Z"


def test_end_must_be_after_start(alice: ApiClient) -> None:
    error = expect_error(
        alice.post(
            "/api/events", json=_event(start="2026-03-10T16:00:00Z", end="2026-03-10T15:00:00Z")
        ),
        422,
        "validation_error",
    )
    assert "end" in error["message"] and "after start" in error["message"]
    assert {tuple(d["loc"]) for d in error["details"]} == {("body", "start"), ("body", "end")}
    same = expect_error(alice.post("/api/events", json=_event(end="2026-03-10T15:00:00Z")), 422)
    assert "must be after start" in same["message"]
    missing = expect_error(
        alice.post("/api/events", json={"title": "x", "start": "2026-03-10T15:00:00Z"}), 422
    )
    assert "end required" in missing["message"]


def test_unknown_time_zone_is_named(alice: ApiClient) -> None:
    error = expect_error(alice.post("/api/events", json=_event(timezone="Europe/Gotham")), 422)
    assert "'Europe/Gotham'" in error["message"] and error["message"].startswith("timezone")
    typo = expect_error(alice.patch("/api/events/1", json={"timezone": "utc+1"}), 422)
    assert "'utc+1'" in typo["message"]


def test_bad_bodies_are_rejected_with_the_field_named(alice: ApiClient) -> None:
    unknown = expect_error(alice.post("/api/events", json=_event(colour="red")), 422)
    assert "colour" in unknown["message"]
    empty = expect_error(alice.post("/api/events", json=_event(title="")), 422)
    assert "title" in empty["message"]
    number = expect_error(alice.post("/api/events", json=_event(start=1773136800)), 422)
    assert number["message"].startswith("invalid request body: start")
    query = expect_error(alice.get("/api/events", params={"start": "0.5"}), 422)
    assert "start" in query["message"] and "ISO 8601" in query["message"]
    far = expect_error(alice.post("/api/events", json=_event(start="1900-01-01T10:00:00Z")), 422)
    assert "start" in far["message"] and "out of range" in far["message"]
    both = expect_error(
        alice.post(
            "/api/events",
            json=_event(recurrence={"freq": "daily", "count": 3, "until": "2026-03-20"}),
        ),
        422,
    )
    assert "count or until" in both["message"]
    guest = expect_error(
        alice.post("/api/events", json=_event(attendees=[{"username": "nobody"}])), 422
    )
    assert "attendees.0.username" in guest["message"] and "'nobody'" in guest["message"]
    twice = expect_error(
        alice.post(
            "/api/events",
            json=_event(attendees=[{"username": "bob"}, {"email": "BOB@example.test"}]),
        ),
        422,
    )
    assert "bob@example.test is already among the guests" in twice["message"]


def test_all_day_event(alice: ApiClient) -> None:
    created = expect(
        alice.post(
            "/api/events",
            json={
                "title": "Offsite",
                "all_day": True,
                "start_date": "2026-03-11",
                "end_date": "2026-03-12",
                "timezone": "Europe/Berlin",
            },
        ),
        201,
    )
    assert created["all_day"] is True and created["transparency"] == "transparent"
    assert (created["start_date"], created["end_date"]) == ("2026-03-11", "2026-03-12")
    assert created["start"] == "2026-03-10T23:00:00Z" and created["end"] == "2026-03-12T23:00:00Z"
    error = expect_error(
        alice.post(
            "/api/events",
            json={
                "title": "x",
                "all_day": True,
                "start_date": "2026-03-11",
                "end_date": "2026-03-10",
            },
        ),
        422,
    )
    assert "end_date" in error["message"] and "start_date" in error["message"]


def test_recurrence_is_expanded_in_local_time_across_dst(alice: ApiClient) -> None:
    listed = expect(
        alice.get(
            "/api/events",
            params={"start": "2026-03-01T00:00:00Z", "end": "2026-03-31T00:00:00Z", "q": "1:1"},
        ),
        200,
    )
    starts = [
        (e["id"], e["occurrence_index"], e["start"], e["start_local"]) for e in listed["items"]
    ]
    assert starts == [
        (2, 0, "2026-03-03T19:00:00Z", "2026-03-03T14:00:00-05:00"),
        (2, 1, "2026-03-10T18:00:00Z", "2026-03-10T14:00:00-04:00"),
        (2, 2, "2026-03-17T18:00:00Z", "2026-03-17T14:00:00-04:00"),
        (2, 3, "2026-03-24T18:00:00Z", "2026-03-24T14:00:00-04:00"),
    ]
    assert listed["items"][0]["recurrence"] == {
        "freq": "weekly",
        "interval": 1,
        "count": None,
        "until": "2026-03-30",
    }


def test_monthly_recurrence_skips_short_months(alice: ApiClient) -> None:
    created = expect(
        alice.post(
            "/api/events",
            json=_event(
                title="Month-end close",
                start="2026-01-31T10:00:00",
                end="2026-01-31T11:00:00",
                recurrence={"freq": "monthly", "count": 3},
            ),
        ),
        201,
    )
    listed = expect(
        alice.get(
            "/api/events",
            params={"start": "2026-01-01T00:00:00Z", "end": "2026-06-30T00:00:00Z", "q": "close"},
        ),
        200,
    )
    assert [e["start_local"][:10] for e in listed["items"]] == [
        "2026-01-31",
        "2026-03-31",
        "2026-05-31",
    ]
    assert {e["id"] for e in listed["items"]} == {created["id"]}


def test_list_by_range_sorted_paginated_with_invitations(alice: ApiClient) -> None:
    listed = expect(alice.get("/api/events", params=WEEK), 200)
    assert listed["total"] == 12
    starts = [e["start"] for e in listed["items"]]
    assert starts == sorted(starts)
    titles = [e["title"] for e in listed["items"]]
    assert "Vendor demo" not in titles  # cancelled
    by_title = {e["title"]: e for e in listed["items"]}
    assert by_title["Sprint planning"]["my_rsvp"] == "needs_action"
    assert by_title["Sprint planning"]["my_role"] == "attendee"
    assert by_title["Company all-hands"]["my_rsvp"] == "accepted"
    assert titles.count("Team standup") == 5
    page2 = expect(alice.get("/api/events", params={**WEEK, "per_page": 5, "page": 2}), 200)
    assert page2["total"] == 12 and [e["start"] for e in page2["items"]] == starts[5:10]
    cancelled = expect(alice.get("/api/events", params={**WEEK, "include_cancelled": "true"}), 200)
    assert "Vendor demo" in [e["title"] for e in cancelled["items"]]
    default = expect(alice.get("/api/events"), 200)
    # default range: today 00:00 in alice's zone, 7 days
    assert (default["range_start"], default["range_end"]) == (
        "2026-03-02T05:00:00Z",
        "2026-03-09T05:00:00Z",
    )


def test_pages_are_slices_of_the_whole_listing(alice: ApiClient) -> None:
    """One-off events are paged in SQL and recurring instances merged in: every page of every
    filter is the matching slice of the one-page listing, ties broken by end and id."""
    for day, hour in [(2, 14), (3, 14), (3, 14), (4, 9), (5, 13), (6, 12), (8, 23)]:
        start = f"2026-03-{day:02d}T{hour:02d}:00:00Z"
        expect(alice.post("/api/events", json=_event(start=start, end=start[:14] + "30:00Z")), 201)
    for filters in [{}, {"calendar_ids": [1]}, {"q": "review"}, {"include_cancelled": "true"}]:
        whole = expect(alice.get("/api/events", params={**WEEK, **filters, "per_page": 100}), 200)
        keys = [(e["start"], e["id"]) for e in whole["items"]]
        assert whole["total"] == len(keys), filters
        for per_page in (1, 4, 7):
            for page in range(1, len(keys) // per_page + 3):
                params = {**WEEK, **filters, "per_page": per_page, "page": page}
                got = expect(alice.get("/api/events", params=params), 200)
                expected = keys[(page - 1) * per_page : page * per_page]
                assert [(e["start"], e["id"]) for e in got["items"]] == expected, params
                assert got["total"] == len(keys), params


def test_list_filters_by_calendar_and_text(alice: ApiClient, carol: ApiClient) -> None:
    personal = expect(alice.get("/api/events", params={**WEEK, "calendar_ids": [5]}), 200)
    assert [e["title"] for e in personal["items"]] == ["Dentist appointment"]
    primary = expect(alice.get("/api/events", params={**WEEK, "calendar_ids": [1]}), 200)
    titles = {e["title"] for e in primary["items"]}
    assert "Sprint planning" in titles and "Dentist appointment" not in titles  # invitations
    found = expect(alice.get("/api/events", params={**WEEK, "q": "CHECKOUT"}), 200)
    assert [e["id"] for e in found["items"]] == [4]
    error = expect_error(carol.get("/api/events", params={**WEEK, "calendar_ids": [5]}), 403)
    assert "calendar 5" in error["message"]
    expect_error(carol.get("/api/events", params={**WEEK, "calendar_ids": [999]}), 404)


def test_range_validation(alice: ApiClient) -> None:
    backwards = expect_error(
        alice.get("/api/events", params={"start": WEEK["end"], "end": WEEK["start"]}), 422
    )
    assert "must be after start" in backwards["message"]
    huge = expect_error(
        alice.get(
            "/api/events",
            params={"start": "2026-01-01T00:00:00Z", "end": "2028-01-01T00:00:00Z"},
        ),
        422,
    )
    assert "end" in huge["message"] and "366 days" in huge["message"]
    zone = expect_error(alice.get("/api/events", params={"timezone": "Moon/Base"}), 422)
    assert "'Moon/Base'" in zone["message"]


def test_get_event_permissions(carol: ApiClient, dave: ApiClient) -> None:
    expect_error(carol.get("/api/events/999"), 404, "not_found")
    hidden = expect_error(carol.get("/api/events/5"), 403, "forbidden")
    assert "not invited" in hidden["message"]
    as_reader = expect(dave.get("/api/events/8"), 200)  # Product Launch is shared with dave
    assert as_reader["my_role"] == "reader" and as_reader["can_edit"] is False


def test_partial_update_by_the_organizer(alice: ApiClient, dave: ApiClient) -> None:
    moved = expect(
        alice.patch("/api/events/6", json={"start": "2026-03-05T13:00:00"}), 200
    )  # naive: the event's zone; the duration is kept
    assert moved["start"] == "2026-03-05T18:00:00Z" and moved["end"] == "2026-03-05T19:00:00Z"
    assert moved["title"] == "Launch readiness sync" and moved["location"] == "Room 4B"
    assert moved["updated_at"] != moved["created_at"]
    rsvps = {a["username"]: a["rsvp_status"] for a in moved["attendees"]}
    assert rsvps == {"bob": "declined", "dave": "accepted"}  # kept
    error = expect_error(alice.patch("/api/events/6", json={"end": "2026-03-05T12:00:00"}), 422)
    assert "after start" in error["message"]
    guests = expect(
        alice.patch(
            "/api/events/6",
            json={"attendees": [{"username": "dave"}, {"email": "ext@partner.example"}]},
        ),
        200,
    )
    assert [(a["email"], a["rsvp_status"], a["username"]) for a in guests["attendees"]] == [
        ("dave@example.test", "accepted", "dave"),
        ("ext@partner.example", "needs_action", None),
    ]
    refused = expect_error(dave.patch("/api/events/6", json={"title": "Mine"}), 403, "forbidden")
    assert "only the organizer (alice)" in refused["message"]


def test_a_timed_event_given_only_its_first_day_keeps_its_times(alice: ApiClient) -> None:
    """A timed event moved by nothing it reads (a start_date) keeps its start and its end."""
    before = expect(alice.get("/api/events/6"), 200)
    kept = expect(alice.patch("/api/events/6", json={"start_date": "2026-03-09"}), 200)
    assert (kept["start"], kept["end"]) == (before["start"], before["end"])
    assert (kept["start_local"], kept["end_local"]) == (before["start_local"], before["end_local"])


def test_calendar_writer_can_edit_and_move_events(bob: ApiClient) -> None:
    edited = expect(bob.patch("/api/events/8", json={"title": "Code freeze"}), 200)
    assert edited["title"] == "Code freeze" and edited["my_role"] == "writer"
    moved = expect(bob.patch("/api/events/8", json={"calendar_id": 2}), 200)
    assert moved["calendar_id"] == 2
    refused = expect_error(bob.patch("/api/events/3", json={"calendar_id": 5}), 403)
    assert "calendar 5" in refused["message"]


def test_organizer_delete_cancels_for_everyone(alice: ApiClient, dave: ApiClient) -> None:
    assert expect(alice.delete("/api/events/2"), 200) == {"event_id": 2, "outcome": "cancelled"}
    seen = expect(dave.get("/api/events/2"), 200)
    assert seen["status"] == "cancelled" and seen["can_edit"] is False
    listed = expect(dave.get("/api/events", params=WEEK), 200)
    assert 2 not in [e["id"] for e in listed["items"]]
    again = expect_error(alice.delete("/api/events/2"), 409, "conflict")
    assert "already cancelled" in again["message"]
    frozen = expect_error(alice.patch("/api/events/2", json={"title": "x"}), 409)
    assert "cancelled" in frozen["message"]
    rsvp = expect_error(dave.post("/api/events/2/rsvp", json={"response": "accepted"}), 409)
    assert "cancelled" in rsvp["message"]


def test_guest_delete_declines_and_hides(alice: ApiClient, dave: ApiClient) -> None:
    assert expect(dave.delete("/api/events/2"), 200)["outcome"] == "declined"
    listed = expect(dave.get("/api/events", params=WEEK), 200)
    assert 2 not in [e["id"] for e in listed["items"]]
    organizer_view = expect(alice.get("/api/events/2"), 200)
    assert organizer_view["status"] == "confirmed"
    assert [(a["username"], a["rsvp_status"]) for a in organizer_view["attendees"]] == [
        ("dave", "declined")
    ]
    expect_error(dave.delete("/api/events/2"), 409)
    back = expect(dave.post("/api/events/2/rsvp", json={"response": "accepted"}), 200)
    assert back["my_rsvp"] == "accepted"
    listed = expect(dave.get("/api/events", params=WEEK), 200)
    assert 2 in [e["id"] for e in listed["items"]]


def test_reader_and_stranger_cannot_delete(dave: ApiClient, carol: ApiClient) -> None:
    reader = expect_error(dave.delete("/api/events/8"), 403)
    assert "read-only" in reader["message"]
    stranger = expect_error(carol.delete("/api/events/5"), 403)
    assert "not invited" in stranger["message"]
    expect_error(carol.delete("/api/events/12345"), 404)


def test_invitations_and_rsvp(alice: ApiClient, bob: ApiClient, carol: ApiClient) -> None:
    pending = expect(alice.get("/api/invitations"), 200)
    assert [(e["id"], e["my_rsvp"]) for e in pending["items"]] == [
        (3, "needs_action"),
        (4, "needs_action"),
    ]
    answered = expect(alice.post("/api/events/3/rsvp", json={"response": "tentative"}), 200)
    assert answered["my_rsvp"] == "tentative"
    organizer_view = expect(bob.get("/api/events/3"), 200)
    alice_row = next(a for a in organizer_view["attendees"] if a["username"] == "alice")
    assert alice_row["rsvp_status"] == "tentative" and alice_row["responded_at"] is not None
    expect(alice.post("/api/events/4/rsvp", json={"response": "declined"}), 200)
    assert expect(alice.get("/api/invitations"), 200)["total"] == 0
    everything = expect(alice.get("/api/invitations", params={"rsvp": "all"}), 200)
    # answered ones too, but not the past QBR (11) nor the cancelled vendor demo (10)
    assert [(e["id"], e["my_rsvp"]) for e in everything["items"]] == [
        (3, "tentative"),
        (4, "declined"),
        (7, "accepted"),
    ]
    bad = expect_error(alice.post("/api/events/3/rsvp", json={"response": "maybe"}), 422)
    assert "response" in bad["message"]
    organizer = expect_error(bob.post("/api/events/3/rsvp", json={"response": "accepted"}), 409)
    assert "not on the guest list" in organizer["message"]
    stranger = expect_error(carol.post("/api/events/5/rsvp", json={"response": "accepted"}), 403)
    assert "not invited" in stranger["message"]


def test_audit_log_records_the_rows_a_create_changed(alice: ApiClient) -> None:
    since = alice.audit()[-1]["id"] if alice.audit() else 0
    created = expect(
        alice.post(
            "/api/events",
            json=_event(attendees=[{"username": "bob"}], reminders=[{"minutes_before": 5}]),
        ),
        201,
    )
    entries = alice.audit(since)
    assert len(entries) == 1
    entry = entries[0]
    assert (entry["method"], entry["path"], entry["username"], entry["status"]) == (
        "POST",
        "/api/events",
        "alice",
        201,
    )
    changes = {(c["table"], c["action"]) for c in entry["changes"]}
    assert changes == {
        ("events", "insert"),
        ("event_attendees", "insert"),
        ("event_reminders", "insert"),
    }
    event_row = next(c for c in entry["changes"] if c["table"] == "events")
    assert event_row["row_id"] == str(created["id"])
    assert event_row["after"]["start_at"] == "2026-03-10T15:00:00"
    expect(alice.post("/api/events/3/rsvp", json={"response": "accepted"}), 200)
    rsvp_entry = alice.audit(entry["id"])[0]
    ((change,),) = [rsvp_entry["changes"]]
    assert change["table"] == "event_attendees" and change["action"] == "update"
    assert (change["before"]["rsvp_status"], change["after"]["rsvp_status"]) == (
        "needs_action",
        "accepted",
    )


def test_update_time_zone_all_day_and_recurrence(alice: ApiClient) -> None:
    rezoned = expect(alice.patch("/api/events/5", json={"timezone": "Europe/Paris"}), 200)
    # the instant is kept, only the display zone changes
    assert rezoned["start"] == "2026-03-04T15:30:00Z"
    assert rezoned["start_local"] == "2026-03-04T16:30:00+01:00"
    whole_day = expect(alice.patch("/api/events/5", json={"all_day": True}), 200)
    assert (whole_day["start_date"], whole_day["end_date"]) == ("2026-03-04", "2026-03-04")
    assert whole_day["start"] == "2026-03-03T23:00:00Z"  # midnight in Paris
    needs_times = expect_error(alice.patch("/api/events/5", json={"all_day": False}), 422)
    assert "start and end required" in needs_times["message"]
    single = expect(alice.patch("/api/events/1", json={"recurrence": None}), 200)
    assert single["recurrence"] is None
    listed = expect(alice.get("/api/events", params={**WEEK, "q": "standup"}), 200)
    assert [(e["id"], e["occurrence_index"]) for e in listed["items"]] == [(1, None)]
    weekly = expect(
        alice.patch("/api/events/1", json={"recurrence": {"freq": "weekly", "interval": 2}}),
        200,
    )
    assert weekly["recurrence"] == {"freq": "weekly", "interval": 2, "count": None, "until": None}
    listed = expect(
        alice.get(
            "/api/events",
            params={"start": "2026-03-01T00:00:00Z", "end": "2026-04-01T00:00:00Z", "q": "standup"},
        ),
        200,
    )
    assert [e["start"][:10] for e in listed["items"]] == ["2026-03-02", "2026-03-16", "2026-03-30"]
    early = expect_error(
        alice.patch("/api/events/1", json={"recurrence": {"freq": "daily", "until": "2026-03-01"}}),
        422,
    )
    assert (
        early["message"].startswith("recurrence.until") and "before the first" in early["message"]
    )


def test_search_ignores_case_beyond_ascii_and_wildcards(alice: ApiClient) -> None:
    expect(alice.post("/api/events", json=_event(title="Réunion ÉTÉ", location="Salle 5%")), 201)
    month = {"start": "2026-03-01T00:00:00Z", "end": "2026-03-31T00:00:00Z"}
    for typed, titles in (("réunion été", ["Réunion ÉTÉ"]), ("5%", ["Réunion ÉTÉ"]), ("_", [])):
        listed = expect(alice.get("/api/events", params={**month, "q": typed}), 200)
        assert [e["title"] for e in listed["items"]] == titles, typed


def _role(client: ApiClient, event_id: int) -> tuple[str, str | None, bool]:
    event = expect(client.get(f"/api/events/{event_id}"), 200)
    return event["my_role"], event["my_rsvp"], event["can_edit"]


def test_the_read_by_id_answers_each_viewer_with_their_role(service: ApiClient) -> None:
    """Event 6 is alice's, on her calendar shared with bob (writer, a guest who declined)
    and dave (reader, a guest); carol has no access at all."""
    assert _role(service.as_user("alice", "alice-pass"), 6) == ("organizer", None, True)
    assert _role(service.as_user("bob", "bob-pass"), 6) == ("writer", "declined", True)
    assert _role(service.as_user("dave", "dave-pass"), 6) == ("reader", "accepted", False)
    carol = service.as_user("carol", "carol-pass")
    expect_error(carol.get("/api/events/6"), 403, "forbidden")
    expect_error(carol.get("/api/events/999"), 404, "not_found")
    expect_error(service.get("/api/events/6"), 401)


def test_an_invitation_from_another_service_is_read_as_a_guest(service: ApiClient) -> None:
    """The copy sits on alice's calendar with her as organizer_id, yet she only RSVPs."""
    body = {
        "uid": "read-1@test",
        "organizer": "clinic@example.com",
        "attendees": ["alice@example.test"],
        "title": "Check-up",
        "start": "2026-03-09T15:00:00Z",
        "end": "2026-03-09T15:30:00Z",
    }
    headers = {"X-Delivery-Token": delivery_token()}
    (event_id,) = expect(service.post("/admin/invitations", json=body, headers=headers), 200)[
        "event_ids"
    ]
    event = expect(service.as_user("alice", "alice-pass").get(f"/api/events/{event_id}"), 200)
    assert (event["my_role"], event["my_rsvp"], event["can_edit"]) == (
        "attendee",
        "needs_action",
        False,
    )
    assert event["external_organizer"] == "clinic@example.com"
    assert event["organizer"]["username"] == "alice"


def test_the_read_by_id_answers_as_the_writes_do(alice: ApiClient, bob: ApiClient) -> None:
    """GET by id reads one plain row and a write answers from the ORM's objects: both show
    guests (local and not), reminders, recurrence, changed instances and times alike."""
    body = _event(
        timezone="Asia/Kolkata",
        attendees=[{"username": "bob"}, {"email": "ext@outside.test", "optional": True}],
        reminders=[{"minutes_before": 10}, {"minutes_before": 60, "method": "email"}],
        recurrence={"freq": "weekly", "count": 3},
    )
    event_id = expect(alice.post("/api/events", json=body), 201)["id"]
    expect(alice.patch(f"/api/events/{event_id}/occurrences/1", json={"title": "Moved"}), 200)
    expect(alice.delete(f"/api/events/{event_id}/occurrences/2"), 200)
    answered = expect(bob.post(f"/api/events/{event_id}/rsvp", json={"response": "accepted"}), 200)
    assert expect(bob.get(f"/api/events/{event_id}"), 200) == answered
    saved = expect(alice.patch(f"/api/events/{event_id}", json={"location": "Pune"}), 200)
    assert saved.pop("conflicts") == []
    read = expect(alice.get(f"/api/events/{event_id}"), 200)
    assert read == saved
    assert [x["occurrence_index"] for x in read["exceptions"]] == [1, 2]
    assert read["start_local"] == "2026-03-10T20:30:00+05:30"
    assert next(a for a in read["attendees"] if a["username"] == "bob")["responded_at"]
