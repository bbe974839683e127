"""Read-only service state and the diff of a service DB against its pristine seed."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from mock_services.core.base import settings as settings_module
from mock_services.core.base.settings import Settings
from mock_services.core.serve.seeding import seed_service
from mock_services.verify import diff_service, query, service_db, state
from tests.core.notes_service import DEFAULT_SEED, SPEC


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
        db.execute("INSERT INTO _world_marks (name, value) VALUES ('agent_started_tick', 0)")
    db.close()


def test_diff_lists_added_changed_removed_rows(notes_data: Path) -> None:
    _agent_edits(notes_data)
    diff = diff_service("notes")
    assert [r["title"] for r in diff.added("notes")] == ["Book flight"]
    assert [r["title"] for r in diff.removed("notes")] == ["Pay rent"]
    (change,) = diff.changed("notes")
    assert change.fields == {"title": ("Call Bob", "Call Bob today")}
    # the core's _fault_counters and _world_marks (the world's marks) are left out by default
    assert diff.touched == ["notes"]
    assert diff.summary() == "notes: notes: +1 ~1 -1"


def test_core_tables_only_when_asked(notes_data: Path) -> None:
    _agent_edits(notes_data)
    diff = diff_service("notes", include_core=True)
    assert diff.touched == ["_fault_counters", "_world_marks", "notes"]


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


# --- where the verifier looks: exactly where the services keep their DBs ----------------------


@pytest.fixture
def no_data_dir_variable(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """``$MOCK_DATA_DIR`` unset and ``$XDG_DATA_HOME`` in ``tmp_path``; returns that home."""
    monkeypatch.delenv("MOCK_DATA_DIR", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def _system_dir(monkeypatch: pytest.MonkeyPatch, path: Path) -> None:
    monkeypatch.setattr(settings_module, "DEFAULT_DATA_DIR", str(path))


@pytest.mark.parametrize("system_writable", [True, False])
def test_verify_and_the_services_resolve_the_same_data_dir(
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    no_data_dir_variable: Path,
    system_writable: bool,
) -> None:
    if system_writable:
        (tmp_path / "var-lib").mkdir()
        _system_dir(monkeypatch, tmp_path / "var-lib" / "mock-data")
        expected = tmp_path / "var-lib" / "mock-data"
    else:
        _system_dir(monkeypatch, Path("/proc/no-such-dir/mock-data"))  # parent not writable
        expected = no_data_dir_variable / "mock-services"
    settings = Settings.from_env()
    assert settings.data_dir == expected
    assert state.data_dir() == expected
    assert state.db_path("shop") == settings.db_path("shop")
    assert state.db_path("shop", seed=True) == settings.pristine_path("shop")


def test_mock_data_dir_wins_for_verify_as_for_the_services(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, no_data_dir_variable: Path
) -> None:
    monkeypatch.setenv("MOCK_DATA_DIR", str(tmp_path / "task-data"))
    assert state.data_dir() == Settings.from_env().data_dir == tmp_path / "task-data"


def test_verify_reads_what_the_services_seeded_in_the_per_user_folder(
    monkeypatch: pytest.MonkeyPatch, no_data_dir_variable: Path
) -> None:
    """A workstation without MOCK_DATA_DIR: the services fall back to the per-user folder, and
    a verifier finds their DB there."""
    _system_dir(monkeypatch, Path("/proc/no-such-dir/mock-data"))
    seed_service(SPEC, DEFAULT_SEED, Settings.from_env())
    titles = {row["title"] for row in query("notes", "SELECT title FROM notes")}
    assert titles == {note["title"] for note in DEFAULT_SEED["notes"]}
    assert diff_service("notes").touched == []
