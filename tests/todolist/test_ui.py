"""The web UI: tasks and notes pages, refused actions shown, and the main flow in Chromium."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest

from tests.form_assertions import as_browser, assert_action_refused
from tests.helpers import ApiClient, expect, log_in


def test_pages_need_login(service: ApiClient) -> None:
    response = service.get("/", allow_redirects=False)
    assert response.status_code == 302 and "/login" in response.headers["Location"]


def test_tasks_page_filters_and_marks_overdue(alice: ApiClient) -> None:
    as_browser(alice)
    html = alice.get("/", params={"tag": "hiring"}).text
    assert "2 tasks" in html and "Update hiring scorecard" in html
    html = alice.get("/", params={"list_id": 2}).text
    assert "13 tasks" in html and "Pick up dry cleaning" in html
    assert 'class="open overdue"' in html
    notes = alice.get("/notes", params={"q": "lisbon"}).text
    assert "2 notes" in notes and "Lisbon trip" in notes


def test_refused_form_action_shows_the_reason(service: ApiClient, carol: ApiClient) -> None:
    as_browser(carol)
    response = carol.post("/tasks/2/complete", headers={"Referer": service.base_url + "/"})
    assert_action_refused(response, 403, "not assigned to you")
    alice = service.as_user("alice", "alice-pass")
    assert expect(alice.get("/api/tasks/2"), 200)["status"] == "open"


def test_edit_form_clears_emptied_fields(alice: ApiClient) -> None:
    as_browser(alice)
    form = {"title": "Review Q1 budget", "notes": "", "priority": "high", "tags": "ops",
            "due_date": "", "due_time": "", "assignee": ""}  # fmt: skip
    response = alice.post("/tasks/2/edit", data=form)
    assert response.status_code == 200 and "Saved the task “Review Q1 budget”." in response.text
    task = expect(alice.get("/api/tasks/2"), 200)
    assert (task["title"], task["due_date"], task["assignee"]) == (
        "Review Q1 budget",
        None,
        None,
    )
    refused = alice.post("/folders", data={"name": "Recipes"})
    assert "already have a folder named" in refused.text
    assert len(expect(alice.get("/api/folders"), 200)["items"]) == 5


@pytest.mark.browser
def test_plan_complete_and_take_notes_in_the_browser(service: ApiClient, page: Any) -> None:
    base = service.base_url
    log_in(page, base, "alice", "alice-pass", "/")
    page.click("#lists >> text=Personal")
    page.fill("#title", "Book a table for Friday")
    page.fill("#due_date", "2026-03-06")
    page.fill("#due_time", "18:30")
    page.select_option("#priority", "high")
    page.fill("#tags", "Family, errands")
    page.click("#add-task")
    assert "Added 'Book a table for Friday'" in page.inner_text("[role=alert]")
    page.click("#tasks >> text=Book a table for Friday")
    page.fill("#subtask-title", "Ask Sam which place")
    page.press("#subtask-title", "Enter")  # the keyboard submits the form
    assert "Ask Sam which place" in page.inner_text("#subtasks")
    page.click("#complete")
    assert page.inner_text("#status") == "Completed"

    alice = service.as_user("alice", "alice-pass")
    found = expect(alice.get("/api/tasks", params={"q": "table", "status": "all"}), 200)["items"]
    assert [(t["list_name"], t["due"], t["priority"], t["tags"]) for t in found] == [
        ("Personal", "2026-03-06T18:30:00-05:00", "high", ["errands", "family"])
    ]
    assert [s["status"] for s in found[0]["subtasks"]] == ["completed"]

    page.click("header >> text=Notes")
    page.click("#folders >> text=Recipes")
    page.fill("#title", "Pancakes")
    page.fill("#body", "Flour, milk, eggs.")
    page.click("#save-note")
    assert page.inner_text("#note-title") == "Pancakes"
    page.click("header >> text=Notes")
    page.fill("#q", "PANCAKES")
    page.press("#q", "Enter")
    assert "1 note" in page.inner_text("#count")
    notes = expect(alice.get("/api/notes", params={"q": "pancakes"}), 200)["items"]
    assert [(n["folder"], n["body"]) for n in notes] == [("Recipes", "Flour, milk, eggs.")]


@pytest.mark.browser
def test_deleting_a_task_asks_first_and_not_deleting_keeps_it(
    service: ApiClient, page: Any
) -> None:
    """A deleted task cannot come back, so the page asks first; "Don't delete" keeps it."""
    base = service.base_url
    alice = service.as_user("alice", "alice-pass")
    title = expect(alice.get("/api/tasks/6"), 200)["title"]
    log_in(page, base, "alice", "alice-pass", "/tasks/6")
    page.get_by_role("button", name="Delete task…").click()
    dialog = page.get_by_role("dialog")
    assert f"Delete the task '{title}'" in dialog.inner_text()
    dialog.get_by_role("button", name="Don't delete task").click()
    assert not dialog.is_visible()
    assert expect(alice.get("/api/tasks/6"), 200)["title"] == title

    page.get_by_role("button", name="Delete task…").click()
    dialog.get_by_role("button", name="Yes, delete task").click()
    assert "Deleted '" in page.inner_text("[role=alert]")
    assert alice.get("/api/tasks/6").status_code == 404


def test_today_and_upcoming_views(alice: ApiClient) -> None:
    """Today lists the overdue tasks and those due today; Upcoming the coming week by day,
    with the priority flag named in the data's words ("High priority (P1)") beside its colour."""
    as_browser(alice)
    today = alice.get("/today").text
    assert 'id="overdue-heading"' in today and "Renew SSL certificate for status page" in today
    assert "High priority (P1)" in today and "overdue" in today
    upcoming = alice.get("/upcoming").text
    assert upcoming.count('class="td-day"') == 7 and 'data-day="2026-03-03"' in upcoming
    assert ">Tomorrow<" not in upcoming or "Tomorrow · Tuesday" in upcoming


def test_the_notes_page_is_paged_so_its_count_and_list_agree(alice: ApiClient) -> None:
    """ "21 notes" over a list of 20 with no way to the 21st: the notes page is paged as the
    task list is, and its pages together list every note it counts."""
    total = expect(alice.get("/api/notes"), 200)["total"]
    for n in range(max(0, 21 - total)):
        expect(alice.post("/api/notes", json={"title": f"Paged note {n}"}), 201)
    total = expect(alice.get("/api/notes"), 200)["total"]
    as_browser(alice)
    first = alice.get("/notes").text
    assert f"{total} notes" in first and f"Page 1 of {-(-total // 20)}" in first
    listed: list[str] = []
    page, html = 1, first
    while True:
        listed += re.findall(r'<li data-note="(\d+)">', html)
        if 'id="next-page"' not in html:
            break
        page += 1
        html = alice.get("/notes", params={"page": page}).text
    assert len(listed) == len(set(listed)) == total, (len(listed), total)


def test_note_pages_keep_their_size_say_their_range_and_a_page_past_the_end_links_back(
    alice: ApiClient,
) -> None:
    """`/notes?per_page=5`'s "Next" led to `/notes?page=2`, which dropped the size, and a page
    past the end said "20 notes" over an empty list with no way back: page links keep every
    query parameter, a page says which notes it shows, and one past the end says so."""
    total = expect(alice.get("/api/notes"), 200)["total"]
    as_browser(alice)
    first = alice.get("/notes", params={"per_page": 5, "q": ""}).text
    assert f"1\N{EN DASH}5 of {total} notes" in first
    step = re.search(r'<a href="([^"]+)" id="next-page"', first)
    assert step is not None and "per_page=5" in html.unescape(step[1]) and "page=2" in step[1]
    second = alice.get(html.unescape(step[1])).text
    assert f"6\N{EN DASH}10 of {total} notes" in second
    assert len(re.findall(r"<li data-note=", second)) == 5
    assert 'id="previous-page"' in second
    past = alice.get("/notes", params={"page": 9}).text
    assert "Page 9 is past the end" in past and f"({total} notes)" in past
    back = re.search(r'<a href="([^"]+)" id="last-page">Back to page (\d+)</a>', past)
    assert back is not None and f"page={back[2]}" in back[1]


def test_a_tasks_breadcrumb_is_named_by_its_list(alice: ApiClient) -> None:
    """The breadcrumb link read "Work #": the list's name with a stray hash."""
    task = expect(alice.get("/api/tasks/2"), 200)
    page = as_browser(alice).get("/tasks/2").text
    crumb = re.search(r'<p class="td-sub"><a href="[^"]+">(.*?)</a>', page)
    assert crumb is not None
    shown = re.sub(r'<span aria-hidden="true">[^<]*</span>', "", crumb[1])
    assert shown == task["list_name"], crumb[1]
