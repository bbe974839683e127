"""The activity log: finished activities only, no overlaps, owners only, in the day's totals."""

from __future__ import annotations

from tests.helpers import ApiClient, expect, expect_error
from tests.service_fixtures import OVER_HTTP_TOO

WALK = {"kind": "walk", "duration_minutes": 30, "steps": 3500, "kcal_burned": 120}


def test_logged_activity_counts_in_the_day(alice: ApiClient) -> None:
    before = expect(alice.get("/api/nutrition", params={"day": "2026-03-02"}), 200)
    walk = expect(
        alice.post("/api/activities", json={**WALK, "started_at": "2026-03-02T07:00:00Z"}), 201
    )
    assert walk["started_at"] == "2026-03-02T07:00:00Z"
    after = expect(alice.get("/api/nutrition", params={"day": "2026-03-02"}), 200)
    assert after["steps"] == before["steps"] + 3500
    assert after["kcal_burned"] == before["kcal_burned"] + 120
    listed = expect(alice.get("/api/activities", params={"kind": "walk"}), 200)
    assert listed["items"][0]["id"] == walk["id"]


def test_unfinished_and_overlapping_activities_are_refused(alice: ApiClient) -> None:
    error = expect_error(
        alice.post("/api/activities", json={**WALK, "started_at": "2026-03-02T08:45:00-05:00"}), 422
    )
    assert "after now" in error["message"] and "started_at" in error["message"]
    expect(
        alice.post("/api/activities", json={**WALK, "started_at": "2026-03-02T06:00:00-05:00"}), 201
    )
    error = expect_error(
        alice.post("/api/activities", json={**WALK, "started_at": "2026-03-02T06:20:00-05:00"}), 409
    )
    assert "overlaps activity" in error["message"]
    expect_error(
        alice.post("/api/activities", json={**WALK, "started_at": "2026-03-02T07:00"}), 422
    )


@OVER_HTTP_TOO
def test_another_users_activity_is_forbidden(alice: ApiClient, bob: ApiClient) -> None:
    theirs = expect(bob.get("/api/activities"), 200)["items"][0]
    expect_error(alice.get(f"/api/activities/{theirs['id']}"), 403)
    expect_error(alice.delete(f"/api/activities/{theirs['id']}"), 403)
    expect(bob.delete(f"/api/activities/{theirs['id']}"), 204)
