"""A task's page says "No subtasks" and "No reminders" when it has none, never a list item
"None" (read as a subtask named "None"); its Edit form's "Due time" names the task's zone, as
its "Remind me at" does. Default seed: task 55 (carol's design review prep, assigned to alice)
has neither; task 37 is due in Europe/Lisbon."""

from __future__ import annotations

import re

from tests.form_assertions import as_browser
from tests.helpers import ApiClient, expect


def _text(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def test_no_subtasks_and_no_reminders_are_said_in_words(service: ApiClient) -> None:
    alice = service.as_user("alice", "alice-pass")
    task = expect(alice.get("/api/tasks/55"), 200)
    assert not task["subtasks"] and not task["reminders"]
    page = as_browser(alice).get("/tasks/55").text
    assert "<li>None</li>" not in page
    text = _text(page)
    assert "Subtasks No subtasks" in text and "Reminders No reminders" in text, text[:3000]


def test_the_due_time_names_the_tasks_zone(service: ApiClient) -> None:
    alice = service.as_user("alice", "alice-pass")
    browser = as_browser(service.as_user("alice", "alice-pass"))
    for task_id in (1, 37):
        task = expect(alice.get(f"/api/tasks/{task_id}"), 200)
        page = browser.get(f"/tasks/{task_id}").text
        assert f'<label for="due_time">Due time ({task["timezone"]})</label>' in page, task_id


def _chosen_zone(page: str) -> list[str]:
    start = page.index('<select id="timezone" name="timezone">')
    picker = page[start : page.index("</select>", start)]
    return re.findall(r'<option value="([^"]+)" selected>', picker)


def test_the_edit_form_changes_the_tasks_zone(service: ApiClient) -> None:
    alice = service.as_user("alice", "alice-pass")
    browser = as_browser(service.as_user("alice", "alice-pass"))
    page = browser.get("/tasks/37").text
    assert '<label for="timezone">Time zone</label>' in page
    assert _chosen_zone(page) == ["Europe/Lisbon"]
    before = expect(alice.get("/api/tasks/37"), 200)
    form = {"title": before["title"], "notes": before["notes"], "priority": before["priority"],
            "due_date": before["due_date"], "due_time": before["due_time"],
            "timezone": "Asia/Tokyo"}  # fmt: skip
    answer = browser.post("/tasks/37/edit", data=form, headers={"Referer": "/tasks/37"})
    assert "Saved the task" in answer.text, answer.text[:2000]
    after = expect(alice.get("/api/tasks/37"), 200)
    assert after["timezone"] == "Asia/Tokyo"
    assert (after["due_date"], after["due_time"]) == (before["due_date"], before["due_time"])
    assert after["due"] != before["due"]  # the same wall time, now in Tokyo
    page = browser.get("/tasks/37").text
    assert _chosen_zone(page) == ["Asia/Tokyo"]
    assert '<label for="due_time">Due time (Asia/Tokyo)</label>' in page


def test_a_refused_edit_keeps_the_chosen_zone(service: ApiClient) -> None:
    alice = service.as_user("alice", "alice-pass")
    browser = as_browser(service.as_user("alice", "alice-pass"))
    form = {"title": "Board deck", "due_date": "2026-03-05", "due_time": "09:00",
            "timezone": "Asia/Tokyo", "assignee": "nosuchuser"}  # fmt: skip
    answer = browser.post("/tasks/1/edit", data=form, headers={"Referer": "/tasks/1"})
    assert answer.status_code == 422, answer.status_code
    assert _chosen_zone(answer.text) == ["Asia/Tokyo"]
    assert expect(alice.get("/api/tasks/1"), 200)["timezone"] != "Asia/Tokyo"


def test_the_new_task_form_offers_the_zone_the_user_is_in(service: ApiClient) -> None:
    alice = service.as_user("alice", "alice-pass")
    browser = as_browser(service.as_user("alice", "alice-pass"))
    own = expect(alice.get("/api/profile"), 200)["timezone"]
    assert _chosen_zone(browser.get("/").text) == [own]
    form = {"title": "Call Klaus", "due_date": "2026-03-05", "due_time": "17:00",
            "timezone": "Europe/Berlin", "priority": "none"}  # fmt: skip
    answer = browser.post("/tasks", data=form, headers={"Referer": "/"})
    assert "Added &#39;Call Klaus&#39;" in answer.text, answer.text[-2000:]
    found = expect(alice.get("/api/tasks", params={"q": "Call Klaus"}), 200)["items"]
    assert [(t["timezone"], t["due_time"]) for t in found] == [("Europe/Berlin", "17:00")]
