"""The todolist's pages as a person reads them: a note opens as text with an Edit note
action (not as a form to type in), times are in the user's own zone (alice's profile says
America/New_York; the default world's clock is UTC) and priorities are said in the data's
words. Default seed: note 1 is alice's "Q1 board meeting prep"."""

from __future__ import annotations

import html
import re

from tests.form_assertions import as_browser
from tests.helpers import ApiClient, expect

PAGE = {"Accept": "text/html"}


def _page(alice: ApiClient, address: str) -> str:
    answer = alice.get(address, headers=PAGE)
    assert answer.status_code == 200, answer.text[:300]
    return html.unescape(answer.text)


def test_a_note_opens_as_text_with_an_edit_action(alice: ApiClient) -> None:
    note = expect(alice.get("/api/notes/1"), 200)
    page = _page(as_browser(alice), "/notes/1")
    shown = re.search(r'<div id="note-body"[^>]*>(.*?)</div>', page, re.S)
    assert shown and shown[1] == note["body"], page[:1000]
    article = page.split('<article class="card" id="note"', 1)[1].split("</article>", 1)[0]
    assert "<textarea" not in article and "<input" not in article
    assert "Folder: Work · tags: board, q1" in article and "pinned" in article
    box = re.search(r'<details class="card" id="edit-note-box"\s*>(.*?)</details>', page, re.S)
    assert box, "the edit form is a closed disclosure"
    assert "<summary><strong>Edit note</strong></summary>" in box[1]
    assert '<textarea id="body" name="body"' in box[1]


def test_a_refused_note_edit_comes_back_open(alice: ApiClient) -> None:
    browser = as_browser(alice)
    refused = browser.post(
        "/notes/1/edit",
        data={"title": "x" * 301, "body": "kept text", "folder_id": "", "tags": ""},
        headers={**PAGE, "Referer": "/notes/1"},
        allow_redirects=False,
    )
    assert refused.status_code == 422, refused.text[:300]
    assert re.search(r'id="edit-note-box"\s+open>', refused.text)
    assert ">kept text</textarea>" in refused.text


def test_times_are_in_the_users_zone(alice: ApiClient) -> None:
    note = expect(alice.get("/api/notes/1"), 200)
    assert note["updated_at"].endswith(("Z", "+00:00")), note["updated_at"]
    page = _page(as_browser(alice), "/notes/1")
    today = re.search(r'<time id="today" datetime="([^"]+)">([^<]+)</time>', page)
    assert today and today[1].endswith("-05:00") and today[2].endswith("(EST)"), today
    edited = re.search(r"edited ([^<·]+)", page)
    assert edited and edited[1].strip().endswith("EST"), edited


def test_priorities_use_the_datas_words(alice: ApiClient) -> None:
    page = _page(as_browser(alice), "/today")
    assert "High priority (P1)" in page
    assert not re.search(r"Priority [1-4]\b", page)
    options = re.findall(r'<option value="(\w+)"[^>]*>(\w+ priority \(P\d\))</option>', page)
    assert options == [
        ("high", "High priority (P1)"),
        ("medium", "Medium priority (P2)"),
        ("low", "Low priority (P3)"),
        ("none", "No priority (P4)"),
    ], options


def test_sort_by_due_reads_in_order_with_times_in_the_readers_zone(alice: ApiClient) -> None:
    """A task pinned to another zone is due at its own moment: "Sort by due" orders by that
    moment, and its chip says it in the reader's zone (its own wall time after it), so 15:00 in
    Berlin reads 09:00 for alice in New York and comes before her own 14:00."""
    task = {"list_id": 1, "due_date": "2026-04-10"}
    expect(
        alice.post("/api/tasks", json={**task, "title": "Mine at two", "due_time": "14:00"}), 201
    )
    berlin = {**task, "title": "Berlin at three", "due_time": "15:00", "timezone": "Europe/Berlin"}
    expect(alice.post("/api/tasks", json=berlin), 201)
    page = _page(as_browser(alice), "/?sort=due&q=at")
    chips = re.findall(
        r"<li data-task=.*?<a [^>]*>([^<]+)</a>.*?<time [^>]*>([^<]+)</time>", page, re.S
    )
    shown = [(title, chip) for title, chip in chips if title in ("Mine at two", "Berlin at three")]
    assert shown == [
        ("Berlin at three", "10 Apr 09:00 (15:00 Europe/Berlin)"),
        ("Mine at two", "10 Apr 14:00"),
    ], chips
