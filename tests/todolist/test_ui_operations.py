"""Each todolist web form makes the change its API route makes: the same operation in the
audit log and the same rows, each way from the same state (the seed, reset, then the case's
setup).

Seed (see conftest): alice's task 1 board deck (open, a reminder), 3 offsite venue with
subtask 4 (done), 6 (open), 9 1:1 agenda (a reminder due, not sent), 34 water the plants
(weekly); her notes 1 (folder 1 Work, pinned) and 16 (Journal)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from mock_services.todolist.api import api
from tests.form_assertions import FormCase, Given, assert_form_does_what_the_api_does
from tests.helpers import ApiClient, expect
from tests.todolist.conftest import PASSWORDS


def _shown(path: str) -> Callable[[ApiClient], Given]:
    """What the edit page of ``path``'s task or note fills its form with."""
    return lambda alice: expect(alice.get(path), 200)


def _first_reminder(alice: ApiClient) -> Given:
    """Alice's first scheduled reminder (task 1's or 9's)."""
    return expect(alice.get("/api/reminders"), 200)["items"][0]


def _task_form(task: Given, **changed: str) -> dict[str, str]:
    """The task edit form as its page fills it, with ``changed`` fields typed over."""
    fields = {
        "title": task["title"],
        "notes": task["notes"],
        "due_date": task["due_date"] or "",
        "due_time": task["due_time"] or "",
        "priority": task["priority"],
        "tags": ", ".join(task["tags"]),
        "assignee": task["assignee"] or "",
    }
    return {**fields, **changed}


def _note_form(note: Given, *, pinned: bool, **changed: str) -> dict[str, str]:
    """The note edit form as its page fills it, with ``changed`` fields typed over and the
    pinned box ticked or not (a box is sent only when ticked)."""
    fields = {
        "title": note["title"],
        "folder_id": str(note["folder_id"] or ""),
        "body": note["body"],
        "tags": ", ".join(note["tags"]),
    }
    return {**fields, **({"pinned": "on"} if pinned else {}), **changed}


_NEW_TASK = {"title": "Book dentist", "due_date": "2026-03-06", "priority": "medium"}
_TYPED = "  - Books\n  - Tea\n"
"""A text area's text, indented and ending in a newline: kept as typed, as the API keeps it."""
_NEW_NOTE: Given = {"title": "Gift ideas", "folder_id": 4, "body": _TYPED}
_CLEARED_TASK: Given = {
    "notes": "",
    "due_date": None,
    "due_time": None,
    "tags": [],
    "assignee": None,
}
_CLEARED_NOTE: Given = {"folder_id": None, "body": "", "tags": [], "pinned": False}
CASES = [
    FormCase(
        "add-task",
        "create_task",
        api=lambda g: ("POST", "/api/tasks", {**_NEW_TASK, "tags": ["health", "calls"]}),
        form=lambda g: (
            "/tasks",
            {**_NEW_TASK, "list_id": "", "due_time": "", "tags": "health, calls", "assignee": ""},
        ),
    ),
    FormCase(
        "add-subtask",
        "create_task",
        api=lambda g: ("POST", "/api/tasks", {"title": "Call the venues", "parent_id": 3}),
        form=lambda g: ("/tasks", {"parent_id": "3", "title": "Call the venues"}),
    ),
    FormCase(
        "edit-task",
        "update_task",
        api=lambda g: ("PATCH", "/api/tasks/1", {"priority": "low", "notes": _TYPED}),
        form=lambda g: ("/tasks/1/edit", _task_form(g, priority="low", notes=_TYPED)),
        setup=_shown("/api/tasks/1"),
    ),
    FormCase(
        "edit-task-clearing",
        "update_task",
        api=lambda g: ("PATCH", "/api/tasks/2", _CLEARED_TASK),
        form=lambda g: (
            "/tasks/2/edit",
            _task_form(g, notes="", due_date="", due_time="", tags="", assignee=""),
        ),
        setup=_shown("/api/tasks/2"),
    ),
    FormCase(
        "complete",
        "complete_task",
        api=lambda g: ("POST", "/api/tasks/1/complete", None),
        form=lambda g: ("/tasks/1/complete", {}),
    ),
    FormCase(
        "complete-recurring-from-list",
        "complete_task",
        api=lambda g: ("POST", "/api/tasks/34/complete", None),
        form=lambda g: ("/tasks/34/complete", {"back": "/?list_id=2"}),
    ),
    FormCase(
        "reopen",
        "reopen_task",
        api=lambda g: ("POST", "/api/tasks/4/reopen", None),
        form=lambda g: ("/tasks/4/reopen", {}),
    ),
    FormCase(
        "delete-task",
        "delete_task",
        api=lambda g: ("DELETE", "/api/tasks/6", None),
        form=lambda g: ("/tasks/6/delete", {}),
    ),
    FormCase(
        "set-reminder",
        "add_reminder",
        api=lambda g: ("POST", "/api/tasks/1/reminders", {"remind_at": "2026-03-03T08:30"}),
        form=lambda g: ("/tasks/1/reminders", {"remind_at": "2026-03-03T08:30"}),
    ),
    FormCase(
        "add-list",
        "create_list",
        api=lambda g: ("POST", "/api/lists", {"name": "Errands"}),
        form=lambda g: ("/lists", {"name": "Errands"}),
    ),
    FormCase(
        "send-due-reminders",
        "dispatch_reminders",
        api=lambda g: ("POST", "/api/reminders/dispatch", None),
        form=lambda g: ("/reminders/dispatch", {}),
    ),
    FormCase(
        "new-note",
        "create_note",
        api=lambda g: ("POST", "/api/notes", {**_NEW_NOTE, "tags": ["family"]}),
        form=lambda g: ("/notes", {**_NEW_NOTE, "folder_id": "4", "tags": "family"}),
    ),
    FormCase(
        "edit-note",
        "update_note",
        api=lambda g: (
            "PATCH",
            "/api/notes/16",
            {"pinned": True, "tags": ["review", "w9"], "body": _TYPED},
        ),
        form=lambda g: (
            "/notes/16/edit",
            _note_form(g, pinned=True, tags="review, w9", body=_TYPED),
        ),
        setup=_shown("/api/notes/16"),
    ),
    FormCase(
        "edit-note-clearing",
        "update_note",
        api=lambda g: ("PATCH", "/api/notes/1", _CLEARED_NOTE),
        form=lambda g: (
            "/notes/1/edit",
            _note_form(g, pinned=False, folder_id="", body="", tags=""),
        ),
        setup=_shown("/api/notes/1"),
    ),
    FormCase(
        "delete-note",
        "delete_note",
        api=lambda g: ("DELETE", "/api/notes/16", None),
        form=lambda g: ("/notes/16/delete", {}),
    ),
    FormCase(
        "add-folder",
        "create_folder",
        api=lambda g: ("POST", "/api/folders", {"name": "Ideas"}),
        form=lambda g: ("/folders", {"name": "Ideas"}),
    ),
    FormCase(
        "rename-folder",
        "update_folder",
        api=lambda g: ("PATCH", "/api/folders/2", {"name": "Cooking"}),
        form=lambda g: ("/folders/2/edit", {"name": "Cooking"}),
    ),
    FormCase(
        "delete-empty-folder",
        "delete_folder",
        api=lambda g: ("DELETE", "/api/folders/5", None),
        form=lambda g: ("/folders/5/delete", {}),
    ),
    FormCase(
        "edit-list",
        "update_list",
        api=lambda g: ("PATCH", "/api/lists/3", {"name": "Shopping", "color": "#2a9d8f"}),
        form=lambda g: ("/lists/3/edit", {"name": "Shopping", "color": "#2a9d8f"}),
    ),
    FormCase(
        "delete-list",
        "delete_list",
        api=lambda g: ("DELETE", "/api/lists/2", None),
        form=lambda g: ("/lists/2/delete", {}),
    ),
    FormCase(
        "remove-reminder",
        "delete_reminder",
        api=lambda g: ("DELETE", f"/api/reminders/{g['id']}", None),
        form=lambda g: (f"/reminders/{g['id']}/delete", {"back": "/reminders"}),
        setup=_first_reminder,
    ),
    FormCase(
        "edit-profile",
        "update_profile",
        api=lambda g: (
            "PATCH",
            "/api/profile",
            {"display_name": "Alice P.", "timezone": "Europe/Paris"},
        ),
        form=lambda g: ("/profile", {"display_name": "Alice P.", "timezone": "Europe/Paris"}),
    ),
]


@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_each_form_makes_the_change_its_api_route_makes(service: ApiClient, case: FormCase) -> None:
    assert_form_does_what_the_api_does(service, case, PASSWORDS)


def test_every_write_route_has_a_form_case() -> None:
    writes = {e.handler.__name__ for e in api.endpoints if e.mutating}
    assert writes == {case.operation for case in CASES}
