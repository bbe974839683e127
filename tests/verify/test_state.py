"""Read-only service state and the diff of a service DB against its pristine seed."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from mock_services.verify import diff_service, query, service_db


def _agent_edits(data_dir: Path) -> None:
    """What an agent might leave behind: one note added, one renamed, one deleted."""
    db = sqlite3.connect(data_dir / "notes.db")
    with db:
        db.execute(
            "INSERT INTO notes (owner_id, title, created_at) "
            "VALUES (1, 'Book flight', '2026-03-02 10:00:00')"
        )
        db.execute("UPDATE notes SET title = 'Call Bob today' WHERE title = 'Call Bob'")
        db.execute("DELETE FROM notes WHERE title = 'Pay rent'")
        db.execute("INSERT INTO _fault_counters (rule, hits) VALUES (0, 3)")
    db.close()


def test_diff_lists_added_changed_removed_rows(notes_data: Path) -> None:
    _agent_edits(notes_data)
    diff = diff_service("notes")
    assert [r["title"] for r in diff.added("notes")] == ["Book flight"]
    assert [r["title"] for r in diff.removed("notes")] == ["Pay rent"]
    (change,) = diff.changed("notes")
    assert change.fields == {"title": ("Call Bob", "Call Bob today")}
    assert diff.touched == ["notes"]  # the core's _fault_counters are left out by default
    assert diff.summary() == "notes: notes: +1 ~1 -1"


def test_core_tables_only_when_asked(notes_data: Path) -> None:
    _agent_edits(notes_data)
    diff = diff_service("notes", include_core=True)
    assert diff.touched == ["_fault_counters", "notes"]


def test_nothing_else_changed(notes_data: Path) -> None:
    _agent_edits(notes_data)
    diff = diff_service("notes")
    assert diff.nothing_else_changed(["notes"])
    assert diff.unexpected({"notes": ["added"]}) == [
        "notes: 1 row(s) changed",
        "notes: 1 row(s) removed",
    ]
    assert diff.unexpected([]) == [
        "notes: 1 row(s) added",
        "notes: 1 row(s) changed",
        "notes: 1 row(s) removed",
    ]


def test_untouched_db_has_an_empty_diff(notes_data: Path) -> None:
    diff = diff_service("notes")
    assert diff.touched == [] and diff.summary() == "notes: no changes"


def test_access_is_read_only(notes_data: Path) -> None:
    with service_db("notes") as db, pytest.raises(sqlite3.OperationalError, match="readonly"):
        db.execute("DELETE FROM notes")
    assert len(query("notes", "SELECT * FROM notes")) == 3
    assert query("notes", "SELECT title FROM notes WHERE id = ?", [1]) == [{"title": "Buy milk"}]
    assert len(query("notes", "SELECT * FROM notes", seed=True)) == 3


def test_missing_db_names_the_path_and_mock_data_dir(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("MOCK_DATA_DIR", str(tmp_path))
    with pytest.raises(FileNotFoundError, match=r"shop\.seed\.db: no such DB; is MOCK_DATA_DIR"):
        diff_service("shop")
