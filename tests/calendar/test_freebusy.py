"""Free/busy, conflict detection and free-slot suggestions."""

from __future__ import annotations

from tests.helpers import ApiClient, expect, expect_error

THURSDAY = {"start": "2026-03-05T00:00:00Z", "end": "2026-03-06T00:00:00Z"}


def test_freebusy_ignores_declined_cancelled_and_transparent(alice: ApiClient) -> None:
    answer = expect(
        alice.post(
            "/api/freebusy",
            json={"users": ["bob", "alice@example.test", "carol"], **THURSDAY},
        ),
        200,
    )
    assert (answer["start"], answer["end"]) == ("2026-03-05T00:00:00Z", "2026-03-06T00:00:00Z")
    busy = {u["user"]: [(b["start"], b["end"]) for b in u["busy"]] for u in answer["users"]}
    # bob declined the launch sync (16:00Z); he only has the standup
    assert busy["bob"] == [("2026-03-05T14:30:00Z", "2026-03-05T14:45:00Z")]
    assert busy["alice@example.test"] == [
        ("2026-03-05T14:30:00Z", "2026-03-05T14:45:00Z"),
        ("2026-03-05T16:00:00Z", "2026-03-05T17:00:00Z"),
    ]
    assert answer["users"][1]["username"] == "alice"
    # carol's "Focus time" is transparent (it is on Tuesdays anyway) and she has the standup
    assert busy["carol"] == [("2026-03-05T14:30:00Z", "2026-03-05T14:45:00Z")]
    wednesday = expect(
        alice.post(
            "/api/freebusy",
            json={
                "users": ["dave"],
                "start": "2026-03-04T00:00:00Z",
                "end": "2026-03-05T00:00:00Z",
            },
        ),
        200,
    )
    # dave's cancelled vendor demo (18:00Z) is not busy time
    assert [b["start"] for b in wednesday["users"][0]["busy"]] == ["2026-03-04T14:30:00Z"]


def test_freebusy_merges_overlaps_and_clips_to_the_range(alice: ApiClient) -> None:
    answer = expect(
        alice.post(
            "/api/freebusy",
            json={
                "users": ["alice"],
                "start": "2026-03-04T15:45:00Z",
                "end": "2026-03-04T16:15:00Z",
            },
        ),
        200,
    )
    # design review 15:00-16:00Z and dentist 15:30-16:30Z, merged and clipped
    assert answer["users"][0]["busy"] == [
        {"start": "2026-03-04T15:45:00Z", "end": "2026-03-04T16:15:00Z"}
    ]


def test_freebusy_errors(alice: ApiClient) -> None:
    unknown = expect_error(
        alice.post("/api/freebusy", json={"users": ["bob", "nobody@nowhere.example"]}), 404
    )
    assert "users[1]" in unknown["message"] and "nobody@nowhere.example" in unknown["message"]
    empty = expect_error(alice.post("/api/freebusy", json={"users": []}), 422)
    assert "users" in empty["message"]
    backwards = expect_error(
        alice.post(
            "/api/freebusy",
            json={"users": ["bob"], "start": THURSDAY["end"], "end": THURSDAY["start"]},
        ),
        422,
    )
    assert "must be after start" in backwards["message"]


def test_create_reports_conflicts_of_organizer_and_guests(alice: ApiClient) -> None:
    created = expect(
        alice.post(
            "/api/events",
            json={
                "title": "Roadmap chat",
                "start": "2026-03-06T16:15:00Z",
                "end": "2026-03-06T17:15:00Z",
                "attendees": [{"username": "carol"}, {"username": "dave"}],
            },
        ),
        201,
    )
    conflicts = [(c["user"], c["event_id"], c["title"], c["start"]) for c in created["conflicts"]]
    assert conflicts == [
        # carol's pager handover (bob's On-call calendar): alice cannot see it, so no details
        ("carol", None, None, "2026-03-06T16:00:00Z"),
        # the all-hands (dave organizes, alice and carol invited) is visible to alice
        ("alice", 7, "Company all-hands", "2026-03-06T17:00:00Z"),
        ("carol", 7, "Company all-hands", "2026-03-06T17:00:00Z"),
        ("dave", 7, "Company all-hands", "2026-03-06T17:00:00Z"),
    ]
    clean = expect(
        alice.post(
            "/api/events",
            json={"title": "Quiet", "start": "2026-03-06T20:00:00Z", "end": "2026-03-06T20:30:00Z"},
        ),
        201,
    )
    assert clean["conflicts"] == []


def test_reject_conflicts_is_a_409_naming_the_event(alice: ApiClient) -> None:
    error = expect_error(
        alice.post(
            "/api/events",
            json={
                "title": "Overlapping",
                "start": "2026-03-03T15:30:00Z",
                "end": "2026-03-03T16:00:00Z",
                "reject_conflicts": True,
            },
        ),
        409,
        "conflict",
    )
    assert "event 3 'Sprint planning'" in error["message"]
    assert error["details"][0]["event_id"] == 3
    listed = expect(alice.get("/api/events", params={"q": "Overlapping"}), 200)
    assert listed["total"] == 0  # nothing was saved
    moved = expect_error(
        alice.patch(
            "/api/events/5",
            json={"start": "2026-03-05T11:30:00", "reject_conflicts": True},
        ),
        409,
    )
    assert "event 6 'Launch readiness sync'" in moved["message"]
    assert expect(alice.get("/api/events/5"), 200)["start"] == "2026-03-04T15:30:00Z"


def test_declining_removes_the_conflict(alice: ApiClient) -> None:
    conflicts = expect(alice.get("/api/conflicts"), 200)
    assert conflicts["total"] == 1
    pair = conflicts["items"][0]
    assert (pair["first"]["event_id"], pair["second"]["event_id"]) == (4, 5)
    assert (pair["overlap_start"], pair["overlap_end"]) == (
        "2026-03-04T15:30:00Z",
        "2026-03-04T16:00:00Z",
    )
    expect(alice.post("/api/events/4/rsvp", json={"response": "declined"}), 200)
    assert expect(alice.get("/api/conflicts"), 200)["total"] == 0


def test_update_reports_conflicts(alice: ApiClient) -> None:
    moved = expect(alice.patch("/api/events/5", json={"start": "2026-03-05T11:30:00"}), 200)
    assert moved["start"] == "2026-03-05T16:30:00Z"
    assert [(c["user"], c["event_id"]) for c in moved["conflicts"]] == [("alice", 6)]


def test_suggest_free_slots(alice: ApiClient) -> None:
    answer = expect(
        alice.post(
            "/api/freebusy/suggest",
            json={
                "users": ["alice", "bob"],
                "duration_minutes": 60,
                "start": "2026-03-03T00:00:00",
                "end": "2026-03-04T00:00:00",
            },
        ),
        200,
    )
    assert answer["timezone"] == "America/New_York"
    # standup 9:30-9:45, sprint planning 10:00-11:30, 1:1 14:00-14:30 (New York time)
    assert [s["start_local"][11:16] for s in answer["slots"]] == [
        "11:30",
        "12:00",
        "12:30",
        "13:00",
        "14:30",
    ]
    assert answer["slots"][0]["start"] == "2026-03-03T16:30:00Z"
    weekend = expect(
        alice.post(
            "/api/freebusy/suggest",
            json={
                "users": ["carol"],
                "duration_minutes": 30,
                "start": "2026-03-07T00:00:00",
                "end": "2026-03-09T00:00:00",
            },
        ),
        200,
    )
    assert weekend["slots"] == []
    bad = expect_error(
        alice.post(
            "/api/freebusy/suggest",
            json={
                "users": ["bob"],
                "duration_minutes": 30,
                "working_hours_start": "18:00",
                "working_hours_end": "09:00",
            },
        ),
        422,
    )
    assert "working_hours_end" in bad["message"]


def test_a_new_events_conflicts_apply_each_guests_own_answers(alice: ApiClient) -> None:
    """Conflicts for several guests come from one look at their calendars, yet each guest's
    own answers count: bob declined the launch sync (16:00Z Thursday), alice did not."""
    created = expect(
        alice.post(
            "/api/events",
            json={
                "title": "Pricing check",
                "start": "2026-03-05T16:15:00Z",
                "end": "2026-03-05T16:45:00Z",
                "attendees": [{"username": "bob"}, {"username": "carol"}],
            },
        ),
        201,
    )
    assert [(c["user"], c["event_id"]) for c in created["conflicts"]] == [("alice", 6)]
    standup = expect(
        alice.patch(
            f"/api/events/{created['id']}",
            json={"start": "2026-03-05T14:30:00Z", "end": "2026-03-05T15:00:00Z"},
        ),
        200,
    )
    # the standup is everyone's: alice, bob and carol are each busy with it
    assert sorted(c["user"] for c in standup["conflicts"]) == ["alice", "bob", "carol"]
