"""Notes in folders: search, tags, moving between folders, and the folder rules."""

from __future__ import annotations

from tests.helpers import ApiClient, expect, expect_error
from tests.service_fixtures import OVER_HTTP_TOO


def _titles(client: ApiClient, **params: str | int) -> list[str]:
    page = expect(client.get("/api/notes", params={"per_page": 100, **params}), 200)
    return [n["title"] for n in page["items"]]


def test_folders_with_counts(alice: ApiClient) -> None:
    folders = expect(alice.get("/api/folders"), 200)["items"]
    assert [(f["name"], f["note_count"]) for f in folders] == [
        ("Archive", 0),
        ("Journal", 2),
        ("Recipes", 4),
        ("Travel", 3),
        ("Work", 7),
    ]


def test_pinned_first_then_last_edited(alice: ApiClient) -> None:
    titles = _titles(alice)
    assert titles[:3] == ["Q1 board meeting prep", "Lisbon trip", "Weekly review 9"]
    assert len(titles) == 20 and "February close" not in titles  # bob's


def test_search_ignores_case_in_every_script(alice: ApiClient) -> None:
    assert _titles(alice, q="CRÊPES") == ["Crêpes"]
    assert _titles(alice, q="budget") == [
        "Q1 board meeting prep",
        "Offsite ideas",
        "1:1 notes with Dave",
    ]
    assert _titles(alice, q="lisbon porto") == ["Offsite ideas"]  # every word must match
    assert _titles(alice, q="100%") == []


def test_filters_by_folder_tag_and_unfiled(alice: ApiClient) -> None:
    assert _titles(alice, folder_id=2, tag="baking") == ["Banana bread", "Crêpes"]
    assert _titles(alice, unfiled="true") == [
        "Meeting notes: design review",
        "Gift ideas for Sam",
        "Book recommendations",
        "Wi-Fi at the cabin",
    ]


@OVER_HTTP_TOO
def test_write_edit_and_move_a_note(alice: ApiClient) -> None:
    note = expect(
        alice.post(
            "/api/notes",
            json={"title": "Porto trip", "body": "Ribeira", "folder_id": 3, "tags": ["Travel"]},
        ),
        201,
    )
    assert (note["folder"], note["tags"], note["created_at"]) == (
        "Travel",
        ["travel"],
        note["updated_at"],
    )
    moved = expect(alice.patch(f"/api/notes/{note['id']}", json={"folder_id": None}), 200)
    assert moved["folder"] is None and moved["updated_at"] > note["updated_at"]
    assert moved["body"] == "Ribeira"
    expect(alice.delete(f"/api/notes/{note['id']}"), 204)
    expect_error(alice.get(f"/api/notes/{note['id']}"), 404)


@OVER_HTTP_TOO
def test_folder_rules(alice: ApiClient, bob: ApiClient) -> None:
    expect_error(alice.post("/api/folders", json={"name": "Recipes"}), 409, "conflict")
    error = expect_error(alice.delete("/api/folders/2"), 409)
    assert "still holds 4 note(s)" in error["message"]
    expect(alice.delete("/api/folders/5"), 204)  # Archive is empty
    expect_error(alice.patch("/api/folders/3", json={"name": "Work"}), 409)
    assert expect(alice.patch("/api/folders/3", json={"name": "Trips"}), 200)["note_count"] == 3
    expect_error(bob.post("/api/notes", json={"title": "x", "folder_id": 2}), 403)
    expect_error(bob.get("/api/notes/1"), 403, "forbidden")
    expect_error(bob.patch("/api/notes/1", json={"title": "mine"}), 403)
    assert expect(alice.get("/api/notes/1"), 200)["title"] == "Q1 board meeting prep"


@OVER_HTTP_TOO
def test_note_bad_input_is_named(alice: ApiClient) -> None:
    error = expect_error(alice.post("/api/notes", json={"title": ""}), 422)
    assert "title" in error["message"]
    error = expect_error(alice.patch("/api/notes/1", json={"title": None}), 422)
    assert "title cannot be null" in error["message"]
    expect_error(alice.get("/api/notes", params={"folder": "Work"}), 422)  # unknown parameter
