"""The food catalogue (search, custom foods) and the diary's nutrition against goals."""

from __future__ import annotations

from tests.helpers import ApiClient, expect, expect_error


def test_search_matches_words_of_name_or_brand_in_any_case(alice: ApiClient) -> None:
    found = expect(alice.get("/api/foods", params={"q": "CHICKEN"}), 200)
    names = [f["name"] for f in found["items"]]
    assert names == [
        "Chicken breast, grilled",
        "Chicken burrito bowl",
        "Chicken noodle soup",
        "Pad thai with chicken",
    ]
    assert expect(alice.get("/api/foods", params={"q": "mcdonald's fries"}), 200)["total"] == 1
    page = expect(alice.get("/api/foods", params={"per_page": 10, "page": 2}), 200)
    assert page["total"] == 61 and len(page["items"]) == 10


def test_custom_foods_are_private(alice: ApiClient, bob: ApiClient) -> None:
    mine = expect(alice.get("/api/foods", params={"mine": "true"}), 200)["items"]
    assert [f["code"] for f in mine] == ["alice-overnight-oats"] and mine[0]["custom"]
    expect_error(bob.get(f"/api/foods/{mine[0]['id']}"), 404)
    assert expect(bob.get("/api/foods", params={"q": "overnight"}), 200)["total"] == 0
    created = expect(
        bob.post(
            "/api/foods",
            json={
                "name": "Jollof rice",
                "serving": "1 plate",
                "kcal": 520,
                "protein_g": 12,
                "carbs_g": 80,
                "fat_g": 16,
            },
        ),
        201,
    )
    assert created["code"] == "bob-jollof-rice"
    expect_error(
        bob.post(
            "/api/foods",
            json={
                "name": "Jollof Rice",
                "serving": "1 plate",
                "kcal": 1,
                "protein_g": 0,
                "carbs_g": 0,
                "fat_g": 0,
            },
        ),
        409,
    )
    expect_error(bob.patch("/api/foods/1", json={"kcal": 1}), 409)


def test_a_food_by_id_is_the_catalogues_or_the_callers_own(
    alice: ApiClient, bob: ApiClient
) -> None:
    oats = _food(alice, "alice-overnight-oats")
    assert expect(alice.get(f"/api/foods/{oats['id']}"), 200) == oats and oats["custom"]
    expect_error(bob.get(f"/api/foods/{oats['id']}"), 404)
    shared = expect(bob.get("/api/foods/1"), 200)
    assert shared == expect(alice.get("/api/foods/1"), 200) and not shared["custom"]
    changed = expect(alice.patch(f"/api/foods/{oats['id']}", json={"kcal": 401.5}), 200)
    assert changed == oats | {"kcal": 401.5}
    assert expect(alice.get(f"/api/foods/{oats['id']}"), 200) == changed


def _food(client: ApiClient, code: str) -> dict:
    items = expect(client.get("/api/foods", params={"per_page": 100}), 200)["items"]
    return next(f for f in items if f["code"] == code)


def test_an_entry_scales_the_food_and_adds_up_against_goals(alice: ApiClient) -> None:
    before = expect(alice.get("/api/nutrition", params={"day": "2026-03-02"}), 200)
    kcal = next(n for n in before["nutrients"] if n["nutrient"] == "kcal")
    ramen = _food(alice, "ramen-tonkotsu")
    entry = expect(
        alice.post(
            "/api/diary",
            json={"day": "2026-03-02", "meal": "lunch", "food_id": ramen["id"], "servings": 1.5},
        ),
        201,
    )
    assert (entry["kcal"], entry["sodium_mg"]) == (1335.0, 4200.0)
    after = expect(alice.get("/api/nutrition", params={"day": "2026-03-02"}), 200)
    lines = {n["nutrient"]: n for n in after["nutrients"]}
    assert lines["kcal"]["total"] == round(kcal["total"] + 1335, 1)
    assert lines["sodium_mg"]["status"] == "over" and lines["sodium_mg"]["goal"] == 2300
    assert lines["sodium_mg"]["remaining"] < 0
    assert after["kcal_by_meal"]["lunch"] == 1335.0
    assert lines["sugar_g"]["goal"] is None and lines["sugar_g"]["status"] == "none"


def test_protein_goal_is_met_or_under(bob: ApiClient) -> None:
    day = expect(bob.get("/api/nutrition", params={"day": "2026-02-28"}), 200)
    protein = next(n for n in day["nutrients"] if n["nutrient"] == "protein_g")
    assert protein["goal"] == 100
    assert protein["status"] == ("met" if protein["total"] >= 100 else "under")


def test_entries_change_servings_move_meals_and_refuse_future_days(alice: ApiClient) -> None:
    banana = _food(alice, "banana")
    error = expect_error(
        alice.post(
            "/api/diary", json={"day": "2026-03-03", "meal": "snack", "food_id": banana["id"]}
        ),
        422,
    )
    assert "2026-03-03 is in the future" in error["message"]
    entry = expect(
        alice.post(
            "/api/diary", json={"day": "2026-03-01", "meal": "snack", "food_id": banana["id"]}
        ),
        201,
    )
    changed = expect(
        alice.patch(f"/api/diary/{entry['id']}", json={"servings": 2, "meal": "breakfast"}), 200
    )
    assert (changed["kcal"], changed["meal"]) == (210.0, "breakfast")
    day = expect(alice.get("/api/diary", params={"day": "2026-03-01"}), 200)
    assert entry["id"] in [e["id"] for e in day["items"]]


def test_editing_a_custom_food_keeps_logged_entries(alice: ApiClient) -> None:
    oats = _food(alice, "alice-overnight-oats")
    entry = expect(
        alice.post(
            "/api/diary", json={"day": "2026-03-02", "meal": "snack", "food_id": oats["id"]}
        ),
        201,
    )
    expect(alice.patch(f"/api/foods/{oats['id']}", json={"kcal": 400}), 200)
    day = expect(alice.get("/api/diary", params={"day": "2026-03-02"}), 200)
    assert next(e for e in day["items"] if e["id"] == entry["id"])["kcal"] == 320.0
    error = expect_error(alice.delete(f"/api/foods/{oats['id']}"), 409)
    assert "diary entries; delete those entries first" in error["message"]


def test_another_users_entry_is_forbidden(alice: ApiClient, bob: ApiClient) -> None:
    entry = expect(bob.get("/api/diary", params={"day": "2026-03-01"}), 200)["items"][0]
    expect_error(alice.delete(f"/api/diary/{entry['id']}"), 403)
