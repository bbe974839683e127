"""The seed document: natural keys, implicit folders, errors that name the JSON path, and an
export after API changes that seeds back byte for byte."""

from __future__ import annotations

import copy
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from mock_services.core.base.settings import Settings
from mock_services.core.seeding.seed import SeedError, export_service
from mock_services.core.serve.seeding import seed_service
from mock_services.todolist.service import SPEC
from tests.helpers import expect
from tests.service_fixtures import serve

APP_TABLES = ("users", "lists", "tasks", "reminders", "folders", "notes")


def minimal() -> dict[str, Any]:
    return {
        "users": [
            {"username": "ann", "password": "pw", "display_name": "Ann", "email": "ann@x.test",
             "timezone": "Europe/Paris"},
            {"username": "ben", "password": "pw", "display_name": "Ben", "email": "ben@x.test"},
        ],
        "lists": [
            {"owner": "ann", "name": "Home", "tasks": [
                {"title": "Paint the fence", "due_date": "+2d", "tags": ["Garden"],
                 "subtasks": [{"title": "Buy paint", "assignee": "ben"}]},
                {"title": "Pay water bill", "due_date": "2026-03-10", "due_time": "18:00",
                 "recurrence": {"freq": "monthly"}, "reminders": [{"at": "+1d 08:00"}]},
            ]},
        ],
        "notes": [{"owner": "ann", "folder": "Ideas", "title": "Garden plan", "body": "Roses"}],
    }  # fmt: skip


def _seed(tmp_path: Path, document: dict[str, Any]) -> Path:
    settings = Settings(data_dir=tmp_path)
    return seed_service(SPEC, document, settings)


def test_a_minimal_seed_reads_naturally(tmp_path: Path) -> None:
    db = _seed(tmp_path, minimal())
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT id, name, owner_id FROM folders").fetchall() == [
            (1, "Ideas", 1)
        ]
        rows = conn.execute(
            "SELECT title, parent_id, timezone, due_at, tags, assignee_id FROM tasks ORDER BY id"
        ).fetchall()
    assert rows == [
        ("Paint the fence", None, "Europe/Paris", "2026-03-04 23:00:00.000000", '["garden"]', None),
        ("Buy paint", 1, "Europe/Paris", None, "[]", 2),
        ("Pay water bill", None, "Europe/Paris", "2026-03-10 17:00:00.000000", "[]", None),
    ]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            lambda d: d["lists"][0].update(owner="zed"),
            "todolist.lists[0].owner: unknown user 'zed'",
        ),
        (
            lambda d: d["lists"][0]["tasks"][0]["subtasks"][0].update(assignee="zed"),
            "lists[0].tasks[0].subtasks[0].assignee: unknown user 'zed'",
        ),
        (
            lambda d: d["lists"][0]["tasks"][0]["subtasks"][0].update(subtasks=[{"title": "x"}]),
            "lists[0].tasks[0].subtasks[0].subtasks: a subtask cannot have subtasks",
        ),
        (
            lambda d: d["lists"][0]["tasks"][0].update(status="completed"),
            "lists[0].tasks[0].subtasks[0].status: a subtask cannot be open under a completed",
        ),
        (
            lambda d: d["lists"][0]["tasks"][1].update(timezone="Mars/Base"),
            "unknown time zone 'Mars/Base'",
        ),
        (lambda d: d["lists"][0]["tasks"][1].pop("due_date"), "due_time needs a due_date"),
        (lambda d: d["notes"][0].update(tags=["two words"]), "'two words' is not a tag name"),
        (
            lambda d: d["lists"].append({"owner": "ann", "name": "Home"}),
            "lists[1].name: duplicate list",
        ),
        (
            lambda d: [t.update(id=7) for t in d["lists"][0]["tasks"]],
            "lists[0].tasks[1].id: id 7 is already pinned at todolist.lists[0].tasks[0]",
        ),
    ],
)
def test_bad_seeds_are_named(tmp_path: Path, change: Any, message: str) -> None:
    document = copy.deepcopy(minimal())
    change(document)
    with pytest.raises(SeedError) as raised:
        _seed(tmp_path, document)
    assert message in str(raised.value)
    assert not (tmp_path / "todolist.db").exists()


def test_export_after_api_changes_seeds_back_identically(tmp_path: Path) -> None:
    with serve("todolist", tmp_path / "live") as served:
        alice = served.client().login("alice", "alice-pass")
        sub = expect(alice.post("/api/tasks", json={"title": "Late sub", "parent_id": 1}), 201)
        expect(
            alice.post(
                f"/api/tasks/{sub['id']}/reminders", json={"remind_at": "2026-03-05T10:00:00Z"}
            ),
            201,
        )
        expect(alice.post("/api/tasks/34/complete"), 200)
        expect(alice.patch("/api/tasks/3", json={"list_id": 2, "timezone": "Asia/Tokyo"}), 200)
        expect(alice.post("/api/notes", json={"title": "New", "folder_id": 5, "tags": ["x"]}), 201)
        expect(alice.delete("/api/tasks/7"), 204)
        exported = expect(alice.admin("GET", "/admin/export"), 200)
    again = Settings(data_dir=tmp_path / "again")
    seed_service(SPEC, exported, again)
    assert export_service(SPEC, again) == exported
    live_db = tmp_path / "live" / "todolist.db"
    with sqlite3.connect(live_db) as live, sqlite3.connect(again.db_path("todolist")) as reseeded:
        for table in APP_TABLES:
            query = f"SELECT * FROM {table} ORDER BY id"
            assert reseeded.execute(query).fetchall() == live.execute(query).fetchall(), table
