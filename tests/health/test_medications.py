"""Medications and their daily schedule: dose marks only for scheduled times, once, not early."""

from __future__ import annotations

from tests.helpers import ApiClient, expect, expect_error


def _schedule(client: ApiClient, day: str) -> list[tuple[str, str, str]]:
    items = expect(client.get("/api/medications/schedule", params={"day": day}), 200)["items"]
    return [(i["time"], i["name"], i["status"]) for i in items]


def test_the_schedule_shows_each_dose_with_its_state(bob: ApiClient) -> None:
    assert _schedule(bob, "2026-02-28") == [
        ("08:00", "Lisinopril", "taken"),
        ("08:00", "Metformin", "taken"),
        ("20:00", "Metformin", "skipped"),
    ]
    # today at 09:00: the 08:00 doses are due (under two hours late), 20:00 is upcoming
    assert _schedule(bob, "2026-03-02") == [
        ("08:00", "Lisinopril", "due"),
        ("08:00", "Metformin", "due"),
        ("20:00", "Metformin", "upcoming"),
    ]


def test_marking_a_dose_follows_the_schedule(bob: ApiClient) -> None:
    metformin = next(
        m for m in expect(bob.get("/api/medications"), 200)["items"] if m["name"] == "Metformin"
    )
    url = f"/api/medications/{metformin['id']}/doses"
    error = expect_error(bob.post(url, json={"time": "09:00"}), 422)
    assert "taken at 08:00, 20:00, not at 09:00" in error["message"]
    error = expect_error(bob.post(url, json={"time": "20:00"}), 409)
    assert "more than an hour away" in error["message"]
    dose = expect(bob.post(url, json={"time": "08:00"}), 201)
    assert (
        dose["scheduled_at"] == "2026-03-02T13:00:00Z"
    )  # 08:00 in New York and dose["status"] == "taken"
    error = expect_error(bob.post(url, json={"time": "08:00", "status": "skipped"}), 409)
    assert "already marked taken" in error["message"]
    schedule = expect(bob.get("/api/medications/schedule"), 200)["items"]
    assert [i["dose_id"] for i in schedule if i["name"] == "Metformin"] == [dose["id"], None]
    expect(bob.delete(f"{url}/{dose['id']}"), 204)
    expect(bob.post(url, json={"time": "08:00", "status": "skipped"}), 201)
    assert ("08:00", "Metformin", "skipped") in _schedule(bob, "2026-03-02")
    error = expect_error(bob.post(url, json={"day": "2025-12-01", "time": "08:00"}), 409)
    assert "is not taken on 2025-12-01" in error["message"]


def test_add_stop_and_rename_rules(alice: ApiClient, bob: ApiClient) -> None:
    added = expect(
        alice.post(
            "/api/medications",
            json={"name": "Cetirizine", "dose": "10 mg", "times": ["21:00", "09:00"]},
        ),
        201,
    )
    assert added["times"] == ["09:00", "21:00"] and added["start_date"] == "2026-03-02"
    expect_error(
        alice.post(
            "/api/medications", json={"name": "cetirizine", "dose": "5 mg", "times": ["09:00"]}
        ),
        409,
    )
    error = expect_error(
        alice.post("/api/medications", json={"name": "X", "dose": "1", "times": ["25:00"]}), 422
    )
    assert "'25:00' is not a time of day" in error["message"]
    error = expect_error(
        alice.patch(f"/api/medications/{added['id']}", json={"end_date": "2026-01-01"}), 422
    )
    assert "2026-01-01 is before start_date 2026-03-02" in error["message"]
    stopped = expect(alice.post(f"/api/medications/{added['id']}/stop"), 200)
    assert (stopped["active"], stopped["end_date"]) == (False, "2026-03-02")
    expect_error(alice.post(f"/api/medications/{added['id']}/stop"), 409)
    expect_error(bob.get(f"/api/medications/{added['id']}"), 403)
    assert [
        m["name"]
        for m in expect(alice.get("/api/medications", params={"active": "true"}), 200)["items"]
    ] == ["Vitamin D3"]
