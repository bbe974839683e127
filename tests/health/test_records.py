"""The daily health record and goals: partial updates, the blood pressure rules, no future days."""

from __future__ import annotations

from tests.helpers import ApiClient, expect, expect_error


def test_a_record_is_created_then_updated_field_by_field(alice: ApiClient) -> None:
    expect(alice.delete("/api/records/2026-03-02"), 204)
    expect_error(alice.get("/api/records/2026-03-02"), 404)
    first = expect(alice.put("/api/records/2026-03-02", json={"weight_kg": 63.9, "mood": 4}), 200)
    assert (first["weight_kg"], first["mood"], first["sleep_minutes"]) == (63.9, 4, None)
    second = expect(
        alice.put("/api/records/2026-03-02", json={"sleep_minutes": 455, "mood": None}), 200
    )
    assert (second["weight_kg"], second["mood"], second["sleep_minutes"]) == (63.9, None, 455)
    assert second["id"] == first["id"]


def test_blood_pressure_needs_both_numbers_and_diastolic_below_systolic(
    alice: ApiClient,
) -> None:
    expect(alice.delete("/api/records/2026-03-02"), 204)
    error = expect_error(alice.put("/api/records/2026-03-02", json={"systolic": 120}), 422)
    assert "diastolic" in error["message"] and "both" in error["message"]
    error = expect_error(
        alice.put("/api/records/2026-03-02", json={"systolic": 80, "diastolic": 95}), 422
    )
    assert "diastolic (95) must be lower than systolic (80)" in error["message"]
    saved = expect(
        alice.put("/api/records/2026-03-02", json={"systolic": 121, "diastolic": 79}), 200
    )
    assert (saved["systolic"], saved["diastolic"]) == (121, 79)
    # the rule holds against the stored values too
    expect_error(alice.put("/api/records/2026-03-02", json={"diastolic": 130}), 422)


def test_future_days_and_bad_days_are_refused(alice: ApiClient) -> None:
    error = expect_error(alice.put("/api/records/2026-03-03", json={"mood": 3}), 422)
    assert "2026-03-03 is in the future (today is 2026-03-02)" in error["message"]
    error = expect_error(alice.get("/api/records/March-2"), 422)
    assert "'March-2' is not a day; expected YYYY-MM-DD" in error["message"]


def test_records_are_listed_newest_first_by_range_and_page(alice: ApiClient) -> None:
    page = expect(
        alice.get(
            "/api/records", params={"start": "2026-02-20", "end": "2026-03-01", "per_page": 4}
        ),
        200,
    )
    assert page["total"] == 10
    assert [r["day"] for r in page["items"]] == [
        "2026-03-01",
        "2026-02-28",
        "2026-02-27",
        "2026-02-26",
    ]


def test_records_are_private(alice: ApiClient, bob: ApiClient) -> None:
    expect(alice.put("/api/records/2026-03-02", json={"notes": "alice only"}), 200)
    assert expect(bob.get("/api/records/2026-03-02"), 200)["notes"] != "alice only"


def test_goals_change_partially(alice: ApiClient) -> None:
    goals = expect(alice.patch("/api/goals", json={"kcal": 1800}), 200)
    assert goals["kcal"] == 1800 and goals["protein_g"] == 90
    expect_error(alice.patch("/api/goals", json={"kcal": 100}), 422)
