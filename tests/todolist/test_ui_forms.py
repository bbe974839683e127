"""The todolist's forms go through the API's own models: a refused form comes back with the
message next to the field and the input kept; an accepted one makes what the API makes."""

from __future__ import annotations

from tests.form_assertions import as_browser, assert_form_refused
from tests.helpers import ApiClient, expect

_COMPARED = ("list_id", "title", "notes", "priority", "tags", "due_date", "due_time", "assignee")


def test_refused_task_form_shows_the_error_next_to_the_field(
    service: ApiClient, alice: ApiClient
) -> None:
    before = expect(alice.get("/api/tasks", params={"status": "all"}), 200)["total"]
    as_browser(alice)
    form = {"title": "Buy oat milk", "list_id": "3", "due_date": "next friday", "tags": "food, x"}
    response = alice.post("/tasks", data=form, headers={"Referer": service.base_url + "/"})
    assert_form_refused(
        response,
        errors={"due_date": "expected a date"},
        kept={"title": "Buy oat milk", "due_date": "next friday", "tags": "food, x"},
    )
    api = service.as_user("alice", "alice-pass")
    assert expect(api.get("/api/tasks", params={"status": "all"}), 200)["total"] == before


def test_task_form_makes_the_same_task_as_the_api(service: ApiClient, alice: ApiClient) -> None:
    body = {"title": "Buy oat milk", "list_id": 3, "priority": "high", "tags": ["food", "week"],
            "due_date": "2026-03-04", "due_time": "18:30"}  # fmt: skip
    by_api = expect(alice.post("/api/tasks", json=body), 201)
    form = {**body, "list_id": "3", "tags": "food, week", "assignee": "", "title": "Buy oat milk"}
    browser = as_browser(service.as_user("alice", "alice-pass"))
    assert browser.post("/tasks", data=form).status_code == 200
    found = expect(alice.get("/api/tasks", params={"q": "oat milk"}), 200)["items"]
    by_form = next(t for t in found if t["id"] != by_api["id"])
    assert {k: by_form[k] for k in _COMPARED} == {k: by_api[k] for k in _COMPARED}
