"""A notice after a form names the record it acted on, as "Reopened 'x'." does: "Task
deleted.", "Note saved." and "Note deleted." named none."""

from __future__ import annotations

from tests.form_assertions import as_browser
from tests.helpers import ApiClient, expect
from tests.page_words import shown_text


def test_deleting_a_task_and_saving_a_note_name_them(service: ApiClient) -> None:
    alice = service.as_user("alice", "alice-pass")
    browser = as_browser(alice)
    task = expect(alice.post("/api/tasks", json={"title": "Water the ferns"}), 201)
    said = shown_text(browser.post(f"/tasks/{task['id']}/delete").text)
    assert "Deleted 'Water the ferns'." in said, said[:1500]
    note = expect(alice.post("/api/notes", json={"title": "Fern care", "body": "Weekly."}), 201)
    edited = browser.post(
        f"/notes/{note['id']}/edit", data={"title": "Fern care", "body": "Daily."}
    )
    assert "Saved the note 'Fern care'." in shown_text(edited.text)
    gone = browser.post(f"/notes/{note['id']}/delete")
    assert "Deleted the note 'Fern care'." in shown_text(gone.text)
