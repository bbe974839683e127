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
