"""Repeating tasks in the web UI: the add and edit forms set, change and clear the API's
``recurrence`` rule, cards and the task page say it in words, and completing one in the UI
adds the next occurrence as the API's completion does."""

from __future__ import annotations

from datetime import date

import pytest

from mock_services.todolist.schemas import RecurrenceOut
from mock_services.todolist.ui import repeat_words
from tests.form_assertions import as_browser, assert_form_refused
from tests.helpers import ApiClient, expect


@pytest.mark.parametrize(
    ("freq", "interval", "until", "words"),
    [
        ("daily", 1, None, "every day"),
        ("daily", 3, None, "every 3 days"),
        ("weekly", 1, None, "every Monday"),
        ("weekly", 2, date(2026, 6, 30), "every 2 weeks on Monday until 30 Jun 2026"),
        ("monthly", 1, None, "every month on the 2nd"),
        ("yearly", 1, None, "every year on 2 Mar"),
    ],
)
def test_a_rule_in_words(freq: str, interval: int, until: date | None, words: str) -> None:
    rule = RecurrenceOut.model_validate({"freq": freq, "interval": interval, "until": until})
    assert repeat_words(rule, "2026-03-02") == words  # a Monday


def _task(client: ApiClient, title: str) -> dict:
    found = expect(client.get("/api/tasks", params={"q": title, "status": "all"}), 200)["items"]
    return next(t for t in found if t["title"] == title and t["status"] == "open")


def test_the_add_form_makes_a_repeating_task_shown_in_words(
    service: ApiClient, alice: ApiClient
) -> None:
    browser = as_browser(service.as_user("alice", "alice-pass"))
    form = {"title": "Team standup notes", "list_id": "3", "due_date": "2026-03-02",
            "recurrence": "weekly", "recurrence_interval": "1", "recurrence_until": ""}  # fmt: skip
    page = browser.post("/tasks", data=form)
    assert page.status_code == 200
    task = _task(alice, "Team standup notes")
    assert task["recurrence"] == {"freq": "weekly", "interval": 1, "until": None}
    assert "Repeats </span>every Monday" in page.text  # the card in the list
    shown = browser.get(f"/tasks/{task['id']}").text
    assert '<span id="repeats">repeats every Monday</span>' in shown
    assert '<option value="weekly" selected>Every week</option>' in shown


def test_the_edit_form_changes_and_clears_the_rule(service: ApiClient, alice: ApiClient) -> None:
    body = {"title": "Water the plants", "due_date": "2026-03-02", "recurrence": {"freq": "daily"}}
    task = expect(alice.post("/api/tasks", json=body), 201)
    browser = as_browser(service.as_user("alice", "alice-pass"))
    edit = {"title": "Water the plants", "priority": "none", "due_date": "2026-03-02",
            "recurrence": "daily", "recurrence_interval": "3",
            "recurrence_until": "2026-04-30"}  # fmt: skip
    page = browser.post(f"/tasks/{task['id']}/edit", data=edit)
    assert "repeats every 3 days until 30 Apr 2026" in page.text
    got = expect(alice.get(f"/api/tasks/{task['id']}"), 200)["recurrence"]
    assert got == {"freq": "daily", "interval": 3, "until": "2026-04-30"}
    browser.post(f"/tasks/{task['id']}/edit", data=edit | {"recurrence": ""})
    assert expect(alice.get(f"/api/tasks/{task['id']}"), 200)["recurrence"] is None


def test_a_rule_without_a_due_date_is_refused_by_the_repeat_field(
    service: ApiClient, alice: ApiClient
) -> None:
    browser = as_browser(service.as_user("alice", "alice-pass"))
    form = {"title": "Stretch", "recurrence": "daily", "recurrence_interval": "0"}
    response = browser.post("/tasks", data=form, headers={"Referer": service.base_url + "/"})
    assert_form_refused(response, errors={"recurrence_interval": "must be at least 1"}, kept=form)
    form["recurrence_interval"] = "1"
    response = browser.post("/tasks", data=form, headers={"Referer": service.base_url + "/"})
    assert_form_refused(
        response, errors={"recurrence": "Set a due date for a task that repeats"}, kept=form
    )


def test_completing_a_repeating_task_in_the_ui_adds_the_next_one(
    service: ApiClient, alice: ApiClient
) -> None:
    body = {"title": "Pay the gym", "due_date": "2026-03-31", "recurrence": {"freq": "monthly"}}
    task = expect(alice.post("/api/tasks", json=body), 201)
    browser = as_browser(service.as_user("alice", "alice-pass"))
    page = browser.post(f"/tasks/{task['id']}/complete", data={})
    assert "Completed &#39;Pay the gym&#39;. Next one due Thu 30 Apr." in page.text
    assert expect(alice.get(f"/api/tasks/{task['id']}"), 200)["status"] == "completed"
    following = _task(alice, "Pay the gym")
    assert (following["due_date"], following["recurrence"]["freq"]) == ("2026-04-30", "monthly")
