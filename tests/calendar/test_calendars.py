"""Calendars, sharing, profile and directory over real HTTP."""

from __future__ import annotations

from mock_services.core.base.auth import session_cookie
from tests.helpers import ApiClient, expect, expect_error
from tests.service_fixtures import OVER_HTTP_TOO


@OVER_HTTP_TOO
def test_list_calendars_own_first_then_shared(alice: ApiClient, bob: ApiClient) -> None:
    mine = expect(alice.get("/api/calendars"), 200)
    assert mine["total"] == 3
    assert [(c["id"], c["name"], c["primary"], c["role"]) for c in mine["items"]] == [
        (1, "Alice Martin", True, "owner"),
        (5, "Personal", False, "owner"),
        (6, "Product Launch", False, "owner"),
    ]
    launch = mine["items"][2]
    assert [(s["username"], s["role"]) for s in launch["shares"]] == [
        ("bob", "writer"),
        ("dave", "reader"),
    ]
    theirs = expect(bob.get("/api/calendars"), 200)
    assert [(c["id"], c["role"], c["owner"]) for c in theirs["items"]] == [
        (2, "owner", "bob"),
        (7, "owner", "bob"),
        (6, "writer", "alice"),
    ]
    assert theirs["items"][2]["shares"] == []  # only the owner sees who else has access
    page = expect(bob.get("/api/calendars", params={"per_page": 1, "page": 3}), 200)
    assert page["total"] == 3 and [c["id"] for c in page["items"]] == [6]


@OVER_HTTP_TOO
def test_create_update_delete_calendar(alice: ApiClient) -> None:
    created = expect(alice.post("/api/calendars", json={"name": "Gym", "color": "#0b8043"}), 201)
    assert created["timezone"] == "America/New_York"  # the owner's home zone by default
    assert created["primary"] is False and created["role"] == "owner"
    clash = expect_error(alice.post("/api/calendars", json={"name": "Personal"}), 409, "conflict")
    assert "already have a calendar named 'Personal'" in clash["message"]
    changed = expect(
        alice.patch(
            f"/api/calendars/{created['id']}",
            json={"name": "Fitness", "timezone": "Europe/Paris"},
        ),
        200,
    )
    assert changed["name"] == "Fitness" and changed["timezone"] == "Europe/Paris"
    bad = expect_error(
        alice.patch(f"/api/calendars/{created['id']}", json={"timezone": "Mars/Olympus"}), 422
    )
    assert "Mars/Olympus" in bad["message"]
    expect(alice.delete(f"/api/calendars/{created['id']}"), 204)
    expect_error(alice.get(f"/api/calendars/{created['id']}"), 404, "not_found")


def test_primary_calendar_cannot_be_deleted(alice: ApiClient) -> None:
    error = expect_error(alice.delete("/api/calendars/1"), 409, "conflict")
    assert "primary calendar" in error["message"]
    expect(alice.get("/api/calendars/1"), 200)


def test_deleting_a_calendar_removes_its_events(alice: ApiClient) -> None:
    expect(alice.get("/api/events/5"), 200)  # the dentist, on "Personal"
    expect(alice.delete("/api/calendars/5"), 204)
    expect_error(alice.get("/api/events/5"), 404)


@OVER_HTTP_TOO
def test_other_users_calendars_are_off_limits(alice: ApiClient, carol: ApiClient) -> None:
    error = expect_error(carol.get("/api/calendars/5"), 403, "forbidden")
    assert "calendar 5" in error["message"]
    expect_error(carol.patch("/api/calendars/5", json={"name": "Mine now"}), 403)
    expect_error(carol.delete("/api/calendars/5"), 403)
    expect_error(carol.post("/api/calendars/5/shares", json={"user": "carol"}), 403)
    assert expect(alice.get("/api/calendars/5"), 200)["name"] == "Personal"


def test_writer_and_reader_cannot_manage_a_shared_calendar(bob: ApiClient, dave: ApiClient) -> None:
    error = expect_error(bob.patch("/api/calendars/6", json={"name": "Bob's"}), 403)
    assert "only its owner" in error["message"]
    expect_error(dave.delete("/api/calendars/6"), 403)


def test_sharing_read_only_and_read_write(alice: ApiClient, carol: ApiClient) -> None:
    expect_error(carol.get("/api/events/5"), 403)
    shared = expect(alice.post("/api/calendars/5/shares", json={"user": "carol@example.test"}), 200)
    assert [(s["username"], s["role"]) for s in shared["shares"]] == [("carol", "reader")]
    seen = expect(carol.get("/api/events/5"), 200)
    assert seen["my_role"] == "reader" and seen["can_edit"] is False
    expect_error(carol.patch("/api/events/5", json={"title": "Nope"}), 403)
    refused = expect_error(
        carol.post(
            "/api/events",
            json={
                "calendar_id": 5,
                "title": "x",
                "start": "2026-03-10T10:00:00Z",
                "end": "2026-03-10T11:00:00Z",
            },
        ),
        403,
    )
    assert "read-only" in refused["message"]
    expect(alice.post("/api/calendars/5/shares", json={"user": "carol", "role": "writer"}), 200)
    edited = expect(carol.patch("/api/events/5", json={"location": "New clinic"}), 200)
    assert edited["location"] == "New clinic" and edited["my_role"] == "writer"
    after = expect(alice.delete("/api/calendars/5/shares/3"), 200)
    assert after["shares"] == []
    expect_error(carol.get("/api/events/5"), 403)
    gone = expect_error(alice.delete("/api/calendars/5/shares/3"), 404)
    assert "not shared with user 3" in gone["message"]


def test_sharing_validation(alice: ApiClient) -> None:
    unknown = expect_error(alice.post("/api/calendars/5/shares", json={"user": "zed"}), 422)
    assert "'zed'" in unknown["message"]
    self_share = expect_error(alice.post("/api/calendars/5/shares", json={"user": "alice"}), 422)
    assert "you own this calendar" in self_share["message"]
    bad_role = expect_error(
        alice.post("/api/calendars/5/shares", json={"user": "bob", "role": "admin"}), 422
    )
    assert "role" in bad_role["message"]


def test_profile_and_directory(alice: ApiClient, service: ApiClient) -> None:
    me = expect(alice.get("/api/profile"), 200)
    assert me["username"] == "alice" and me["timezone"] == "America/New_York"
    changed = expect(alice.patch("/api/profile", json={"timezone": "Europe/Lisbon"}), 200)
    assert changed["timezone"] == "Europe/Lisbon"
    bad = expect_error(alice.patch("/api/profile", json={"timezone": "Europe/Atlantis"}), 422)
    assert "'Europe/Atlantis'" in bad["message"]
    found = expect(alice.get("/api/users", params={"q": "diaz"}), 200)
    assert [u["username"] for u in found["items"]] == ["carol"] and found["total"] == 1
    assert found["items"][0]["timezone"] == "Europe/Berlin"
    expect_error(service.get("/api/profile"), 401, "unauthorized")


def test_ui_pages_render_for_every_kind_of_event(alice: ApiClient, service: ApiClient) -> None:
    assert service.get("/", allow_redirects=False).status_code == 302  # login first
    alice.http.cookies.set(session_cookie("calendar"), alice.http.headers["Authorization"][7:])
    for view in ("/", "/schedule"):
        for week in ("2026-03-02", "2026-03-09", "not-a-date", "9999-01-01"):
            page = alice.get(view, params={"week": week})
            assert page.status_code == 200, page.text[:300]
        assert "Release freeze" in alice.get(view, params={"week": "2026-03-09"}).text
    for event_id in (1, 2, 3, 4, 7, 8, 10, 11):  # recurring, invitation, all-day, cancelled, past
        page = alice.get(f"/events/{event_id}")
        assert page.status_code == 200, (event_id, page.text[:300])
    assert "Design review: checkout flow" in alice.get("/events/5").text  # the conflict is shown
    assert alice.get("/events/9").status_code == 403  # bob's On-call: not alice's
    for path in ("/invitations", "/events/new"):
        assert alice.get(path).status_code == 200
