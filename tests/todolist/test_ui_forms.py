"""The todolist's forms go through the API's own models: a refused form comes back with the
message next to the field and the input kept; an accepted one makes what the API makes."""

from __future__ import annotations

import re

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


def _page(browser: ApiClient, path: str) -> str:
    answer = browser.get(path)
    assert answer.status_code == 200, f"GET {path}: {answer.status_code}"
    return answer.text


def test_completed_view_is_linked_from_the_task_list_and_reopens_a_row(
    service: ApiClient, alice: ApiClient
) -> None:
    browser = as_browser(service.as_user("alice", "alice-pass"))
    assert 'href="/?status=completed" id="completed-link"' in _page(browser, "/")
    found = expect(
        alice.get("/api/tasks", params={"status": "completed", "q": "Coffee beans"}), 200
    )
    task = found["items"][0]
    done = _page(browser, "/?status=completed")
    assert f'aria-label="Reopen {task["title"]}"' in done
    assert f'action="/tasks/{task["id"]}/reopen"' in done
    answer = browser.post(
        f"/tasks/{task['id']}/reopen", data={"back": "/?status=completed"}, allow_redirects=False
    )
    assert (answer.status_code, answer.headers["Location"]) == (303, "/?status=completed")
    assert expect(alice.get(f"/api/tasks/{task['id']}"), 200)["status"] == "open"
    assert f'action="/tasks/{task["id"]}/reopen"' not in _page(browser, "/?status=completed")


def test_refused_profile_form_keeps_the_typed_zone(service: ApiClient, alice: ApiClient) -> None:
    browser = as_browser(service.as_user("alice", "alice-pass"))
    assert 'id="nav-profile"' in _page(browser, "/")
    form = {"display_name": "Alice P.", "timezone": "Mars/Olympus"}
    response = browser.post(
        "/profile", data=form, headers={"Referer": service.base_url + "/profile"}
    )
    assert_form_refused(response, errors={"timezone": "Mars/Olympus"}, kept=form)
    profile = expect(alice.get("/api/profile"), 200)
    assert (profile["display_name"], profile["timezone"]) != ("Alice P.", "Mars/Olympus")
    assert profile["timezone"] == "America/New_York"


def test_refused_list_settings_keep_the_typed_colour(service: ApiClient, alice: ApiClient) -> None:
    browser = as_browser(service.as_user("alice", "alice-pass"))
    assert 'href="/lists/3" id="list-settings"' in _page(browser, "/?list_id=3")
    form = {"name": "Shopping", "color": "green"}
    response = browser.post(
        "/lists/3/edit", data=form, headers={"Referer": service.base_url + "/lists/3"}
    )
    assert_form_refused(response, errors={"color": "expected a colour such as #1a73e8"}, kept=form)
    assert expect(alice.get("/api/lists/3"), 200)["name"] == "Groceries"


def test_refused_folder_rename_keeps_the_typed_name(service: ApiClient, alice: ApiClient) -> None:
    browser = as_browser(service.as_user("alice", "alice-pass"))
    long_name = "R" * 101
    response = browser.post(
        "/folders/2/edit",
        data={"name": long_name},
        headers={"Referer": service.base_url + "/notes?folder_id=2"},
    )
    assert_form_refused(response, errors={"name": "at most 100 characters"}, kept={})
    assert f'id="folder-rename" name="name" value="{long_name}"' in response.text
    names = [f["name"] for f in expect(alice.get("/api/folders"), 200)["items"]]
    assert "Recipes" in names


def test_reminders_page_lists_and_removes_a_reminder(service: ApiClient, alice: ApiClient) -> None:
    browser = as_browser(service.as_user("alice", "alice-pass"))
    scheduled = expect(alice.get("/api/reminders"), 200)["items"]
    shown = _page(browser, "/reminders")
    for reminder in scheduled:
        assert f'data-reminder="{reminder["id"]}"' in shown
    first = scheduled[0]["id"]
    answer = browser.post(
        f"/reminders/{first}/delete", data={"back": "/reminders"}, allow_redirects=False
    )
    assert (answer.status_code, answer.headers["Location"]) == (303, "/reminders")
    left = [r["id"] for r in expect(alice.get("/api/reminders"), 200)["items"]]
    assert first not in left and len(left) == len(scheduled) - 1
    assert f'data-reminder="{first}"' not in _page(browser, "/reminders")


def test_an_unknown_assignee_keeps_the_new_task_and_offers_the_people(
    service: ApiClient, alice: ApiClient
) -> None:
    before = expect(alice.get("/api/tasks", params={"status": "all"}), 200)["total"]
    browser = as_browser(service.as_user("alice", "alice-pass"))
    form = {"title": "Book the venue", "list_id": "2", "due_date": "2026-03-04",
            "tags": "events, q2", "assignee": "nosuchuser", "priority": "high"}  # fmt: skip
    response = browser.post("/tasks", data=form, headers={"Referer": service.base_url + "/"})
    assert_form_refused(
        response,
        errors={"assignee": "no user 'nosuchuser'; pick someone from the list"},
        kept={k: v for k, v in form.items() if k not in ("assignee", "priority")},  # filter's
    )
    assert '<select id="assignee" name="assignee">' in response.text
    assert "/api/" not in response.text
    assert '<option value="bob" >Bob Chen</option>' in response.text
    assert expect(alice.get("/api/tasks", params={"status": "all"}), 200)["total"] == before


def test_an_unknown_assignee_keeps_the_task_edit(service: ApiClient, alice: ApiClient) -> None:
    browser = as_browser(service.as_user("alice", "alice-pass"))
    form = {"title": "Board deck, final", "priority": "high", "due_date": "2026-03-05",
            "assignee": "nosuchuser", "notes": "with numbers"}  # fmt: skip
    response = browser.post(
        "/tasks/1/edit", data=form, headers={"Referer": service.base_url + "/tasks/1"}
    )
    assert_form_refused(
        response,
        errors={"assignee": "no user 'nosuchuser'; pick someone from the list"},
        kept={"title": "Board deck, final", "notes": "with numbers"},
    )
    assert expect(alice.get("/api/tasks/1"), 200)["title"] != "Board deck, final"


def test_the_list_picker_names_the_inbox_once(service: ApiClient, alice: ApiClient) -> None:
    expect(alice.post("/api/tasks", json={"title": "Call the bank"}), 201)
    browser = as_browser(service.as_user("alice", "alice-pass"))
    page = browser.get("/").text
    start = page.index('<select id="list_id"')
    picker = page[start : page.index("</select>", start)]
    assert re.findall(r">\s*Inbox\s*<", picker) == [">Inbox<"], picker


def test_the_edit_form_refuses_an_emptied_title_and_says_refusals_in_the_users_words(
    service: ApiClient, alice: ApiClient
) -> None:
    """An emptied Title in Edit is refused next to the field, as the new-task form refuses it
    ("is required"), the typed values kept and the task unchanged (it was answered "Saved"
    with the old title kept); a due time without a due date is refused as "Set a due date to
    give a due time", never in the API's field names (``due_time needs a due_date``)."""
    task = expect(alice.post("/api/tasks", json={"title": "Expense report", "list_id": 3}), 201)
    browser = as_browser(service.as_user("alice", "alice-pass"))
    back = {"Referer": f"{service.base_url}/tasks/{task['id']}"}
    form = {"title": "  ", "notes": "receipts", "priority": "high"}
    response = browser.post(f"/tasks/{task['id']}/edit", data=form, headers=back)
    assert_form_refused(response, errors={"title": "This is required"}, kept={"notes": "receipts"})
    stored = expect(alice.get(f"/api/tasks/{task['id']}"), 200)
    assert (stored["title"], stored["notes"], stored["priority"]) == ("Expense report", "", "none")
    form = {"title": "Expense report", "due_date": "", "due_time": "09:30"}
    response = browser.post(f"/tasks/{task['id']}/edit", data=form, headers=back)
    assert_form_refused(
        response, errors={"due_time": "Set a due date to give a due time"}, kept=form
    )
    assert "due_date" not in re.sub(r'(id|name|for|href|aria-\w+)="[^"]*"', "", response.text)
