"""Todoist's quick add: "tomorrow", a weekday and p1-p4 typed in a new task's name set its due
day and priority, and leave the name; fields the form already sets keep their words."""

from __future__ import annotations

from datetime import date

from mock_services.todolist.quickadd import QuickAdd, parse
from tests.form_assertions import as_browser
from tests.helpers import ApiClient, expect

MONDAY = date(2026, 3, 2)


def test_words_set_the_day_and_the_priority() -> None:
    assert parse("Call the plumber tomorrow p1", MONDAY) == QuickAdd(
        "Call the plumber", date(2026, 3, 3), "high"
    )
    assert parse("TODAY water plants", MONDAY) == QuickAdd("water plants", MONDAY)
    assert parse("Send invoice friday", MONDAY).due_date == date(2026, 3, 6)
    assert parse("Gym next monday", MONDAY) == QuickAdd("Gym", date(2026, 3, 9))  # not today
    assert parse("Tidy desk p3", MONDAY) == QuickAdd("Tidy desk", None, "low")


def test_other_words_and_a_set_field_keep_the_name() -> None:
    assert parse("Plan today's stand-up", MONDAY) == QuickAdd("Plan today's stand-up")
    assert parse("Book a table for Friday", MONDAY, want_day=False) == QuickAdd(
        "Book a table for Friday"
    )
    assert parse("tomorrow", MONDAY) == QuickAdd("tomorrow")  # nothing would be left
    assert parse("Read p5 and p10", MONDAY) == QuickAdd("Read p5 and p10")


def test_the_quick_add_box_sets_the_fields(service: ApiClient, alice: ApiClient) -> None:
    browser = as_browser(service.as_user("alice", "alice-pass"))
    form = {"quick": "1", "preset_due": "", "title": "Call the plumber tomorrow p2",
            "list_id": "3", "due_date": "", "priority": "none", "tags": ""}  # fmt: skip
    assert browser.post("/tasks", data=form).status_code == 200
    found = expect(alice.get("/api/tasks", params={"q": "plumber"}), 200)["items"]
    assert [(t["title"], t["due_date"], t["priority"]) for t in found] == [
        ("Call the plumber", "2026-03-03", "medium")
    ]
    picked = {**form, "title": "Book a table for Friday", "due_date": "2026-03-20"}
    assert browser.post("/tasks", data=picked).status_code == 200
    found = expect(alice.get("/api/tasks", params={"q": "table"}), 200)["items"]
    assert [(t["title"], t["due_date"]) for t in found] == [
        ("Book a table for Friday", "2026-03-20")
    ]


def test_a_known_tag_is_taken_and_another_hash_word_stays() -> None:
    assert parse("Call the plumber tomorrow p1 #Errands", MONDAY, known_tags={"errands"}) == (
        QuickAdd("Call the plumber", date(2026, 3, 3), "high", ("errands",))
    )
    assert parse("Buy milk #errands", MONDAY, known_tags={"errands"}) == QuickAdd(
        "Buy milk", tags=("errands",)
    )
    assert parse("Fix bug #1 #errands", MONDAY, known_tags={"errands"}) == QuickAdd(
        "Fix bug #1", tags=("errands",)
    )
    assert parse("Fix bug #1", MONDAY, known_tags={"errands"}) == QuickAdd("Fix bug #1")


def test_quick_add_on_today_tags_the_task_and_stays_on_today(
    service: ApiClient, alice: ApiClient
) -> None:
    browser = as_browser(service.as_user("alice", "alice-pass"))
    assert '<input type="hidden" name="back" value="/today?">' in browser.get("/today").text
    form = {"quick": "1", "preset_due": "2026-03-02", "back": "/today?",
            "title": "Call the plumber tomorrow p1 #errands #1", "list_id": "",
            "due_date": "2026-03-02", "priority": "none", "tags": "home"}  # fmt: skip
    added = browser.post("/tasks", data=form)
    assert added.url.endswith("/today?") or added.url.endswith("/today"), added.url
    found = expect(alice.get("/api/tasks", params={"q": "plumber"}), 200)["items"]
    assert [(t["title"], t["due_date"], t["priority"], t["tags"]) for t in found] == [
        ("Call the plumber #1", "2026-03-03", "high", ["errands", "home"])
    ]
