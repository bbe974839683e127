"""A task's page says its status, people and due day as Todoist does: "Status: Open · owner
Alice Martin", "Due Tue 3 Mar" (never "2026-03-03" or a username), the "Assign to" list offers
people by name, and the sidebar's note links name their tag."""

from __future__ import annotations

import re
from collections import Counter

from tests.form_assertions import as_browser
from tests.helpers import ApiClient, expect
from tests.page_words import shown_text


def test_task_page_says_status_people_and_due_day_in_words(alice: ApiClient) -> None:
    tasks = expect(alice.get("/api/tasks", params={"per_page": 100}), 200)["items"]
    task = next(t for t in tasks if t["due_date"] and t["assignee"] and t["owner"] == "alice")
    html = as_browser(alice).get(f"/tasks/{task['id']}").text
    text = shown_text(html)
    assert "Status: Open · owner Alice Martin" in text, text[:800]
    assert re.search(r"Due (Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d+ \w{3}", text), text[:800]
    assert not re.search(r"Due \d{4}-\d{2}-\d{2}", text), text[:800]
    assert "(username)" not in text
    assert re.search(r'<select id="assignee" name="assignee">', html)
    assert re.search(r'<option value="bob"[^>]*>Bob Chen</option>', html), html[-3000:]


def test_sidebar_note_links_name_their_tag(alice: ApiClient) -> None:
    html = as_browser(alice).get("/").text
    names = re.findall(r'aria-label="(\d+ notes? tagged #[^"]+)"', html)
    assert names, "expected note links named by tag"
    assert Counter(names).most_common(1)[0][1] == 1, names
