"""Each checkpoint's evidence in reward_meta.json: the audit entries it read and the ones it
matched, the tables (and rows) it read, and nothing where it read nothing."""

from __future__ import annotations

import json
import sqlite3
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from mock_services.verify import (
    ANY,
    Changed,
    Verifier,
    audit_log,
    diff_service,
    expect_changes,
    never_called,
    performed,
    query,
    service_db,
)


def _log_calls(data: Path, *calls: tuple[str, str, str | None, int]) -> None:
    """Audit entries as the core logs them: (method, path, operation, status)."""
    db = sqlite3.connect(data / "notes.db")
    for index, (method, path, operation, status) in enumerate(calls, 1):
        db.execute(
            "INSERT INTO _audit_requests (id, tick, at, method, path, operation, params, "
            "username, status, body, via) "
            "VALUES (?, ?, ?, ?, ?, ?, '{}', 'alice', ?, 'null', 'http')",
            (index, index, f"2026-03-02 09:00:0{index}", method, path, operation, status),
        )
    db.commit()
    db.close()


def _evidence(verifier: Verifier, logs: Path) -> dict[str, Any]:
    with pytest.raises(SystemExit):
        verifier.main(logs, argv=[])
    meta = json.loads((logs / "reward_meta.json").read_text())
    return {name: c["evidence"] for name, c in meta["_meta_checkpoints"].items()}


def test_each_checkpoint_names_the_calls_and_rows_it_looked_at(
    notes_data: Path, tmp_path: Path
) -> None:
    _log_calls(
        notes_data,
        ("POST", "/api/notes", "create_note", 201),
        ("POST", "/api/notes", "create_note", 422),
        ("DELETE", "/api/notes/2", "delete_note", 204),
    )
    verifier = Verifier("notes")
    verifier.add(
        "created", lambda: bool(performed("notes", "create_note")), weight=1, rationale="c"
    )
    verifier.add("all_read", lambda: len(audit_log("notes")) == 3, weight=1, rationale="r")
    verifier.add(
        "titles",
        lambda: len(query("notes", "SELECT id, title FROM notes WHERE id < 3")) == 2,
        weight=1,
        rationale="t",
    )
    verifier.add("diffed", lambda: bool(diff_service("notes")), weight=1, rationale="s")
    verifier.add("by_hand", lambda: _count_by_hand() == 3, weight=1, rationale="h")
    verifier.add("nothing", lambda: True, weight=1, rationale="n")
    found = _evidence(verifier, tmp_path)

    def calls(name: str) -> list[tuple[int, bool]]:
        return [(c["id"], c["matched"]) for c in found[name]["calls"]]

    assert calls("created") == [(1, True), (2, False), (3, False)]  # the refused one: read only
    assert calls("all_read") == [(1, False), (2, False), (3, False)]
    assert found["titles"] == {
        "calls": [],
        "state": [{"service": "notes", "table": "notes", "rows": ["1", "2"]}],
    }
    tables = {s["table"]: s["rows"] for s in found["diffed"]["state"]}
    assert tables["notes"] is None  # a diff reads whole tables
    assert not any(t.startswith("_") for t in tables)  # never the core's own
    assert found["by_hand"]["state"] == [{"service": "notes", "table": "notes", "rows": None}]
    assert found["nothing"] == {"calls": [], "state": []}


def _count_by_hand() -> int:
    with service_db("notes") as db:
        (count,) = db.execute("SELECT count(*) FROM notes").fetchone()
    return int(count)


def test_a_rule_marks_the_calls_it_found(notes_data: Path, tmp_path: Path) -> None:
    _log_calls(
        notes_data,
        ("POST", "/api/notes", "create_note", 201),
        ("DELETE", "/api/notes/2", "delete_note", 204),
    )
    verifier = Verifier("notes")
    verifier.add(
        "never_deleted",
        lambda: never_called("notes", "DELETE /api/notes/*"),
        weight=1,
        rationale="d",
    )
    (calls,) = [e["calls"] for e in _evidence(verifier, tmp_path).values()]
    assert [(c["service"], c["id"], c["matched"]) for c in calls] == [
        ("notes", 1, False),
        ("notes", 2, True),
    ]


def test_a_failing_rule_names_the_calls_and_rows_it_failed_on(
    notes_data: Path, tmp_path: Path
) -> None:
    """What a rule found wrong is kept apart from what it read: the process rule's hits, and
    the rows an expected-changes report or ``unexpected`` flags, by id (a viewer links them to
    the calls that wrote them); a checkpoint that found nothing wrong has no ``failed_on``."""
    _log_calls(
        notes_data,
        ("POST", "/api/notes", "create_note", 201),
        ("DELETE", "/api/notes/2", "delete_note", 204),
    )
    db = sqlite3.connect(notes_data / "notes.db")
    db.execute("UPDATE notes SET title = 'Pay rent twice' WHERE id = 3")
    db.execute("DELETE FROM notes WHERE id = 2")
    db.commit()
    db.close()
    verifier = Verifier("notes")
    verifier.add(
        "never_deleted",
        lambda: never_called("notes", "DELETE /api/notes/*"),
        weight=1,
        rationale="d",
    )
    verifier.add(
        "only_3_retitled",
        lambda: expect_changes("notes", [Changed("notes", match={"id": 3}, fields={"title": ANY})]),
        weight=1,
        rationale="e",
    )
    verifier.add(
        "nothing_removed",
        lambda: not diff_service("notes").unexpected({"notes": ["changed"]}),
        weight=1,
        rationale="u",
    )
    verifier.add(
        "none_deleted_twice",
        lambda: never_called("notes", "DELETE /api/notes/3"),
        weight=1,
        rationale="n",
    )
    found = _evidence(verifier, tmp_path)
    assert found["never_deleted"]["failed_on"] == {
        "calls": [{"service": "notes", "id": 2}],
        "rows": [],
    }
    removed = {"calls": [], "rows": [{"service": "notes", "table": "notes", "rows": ["2"]}]}
    assert found["only_3_retitled"]["failed_on"] == removed  # row 3 changed as expected
    assert found["nothing_removed"]["failed_on"] == removed
    meta = json.loads((tmp_path / "reward_meta.json").read_text())["_meta_checkpoints"]
    assert meta["none_deleted_twice"]["score"] == 1.0
    assert "failed_on" not in found["none_deleted_twice"]


@cache
def _note_ids(*, seed: bool = False) -> list[int]:
    """A verifier's cached helper: the first checkpoint to call it reads the table."""
    return [row["id"] for row in query("notes", "SELECT id FROM notes", seed=seed)]


def test_a_cached_helper_is_named_where_its_answer_is_reused(
    notes_data: Path, tmp_path: Path
) -> None:
    _note_ids.cache_clear()
    verifier = Verifier("notes")
    verifier.add("first", lambda: len(_note_ids()) == 3, weight=1, rationale="f")
    verifier.add("again", lambda: 2 in _note_ids(), weight=1, rationale="a")
    verifier.add("seed_too", lambda: _note_ids(seed=True) == _note_ids(), weight=1, rationale="s")
    found = _evidence(verifier, tmp_path)
    assert found["first"] == {
        "computed": ["_note_ids"],
        "calls": [],
        "state": [{"service": "notes", "table": "notes", "rows": ["1", "2", "3"]}],
    }
    # it read nothing itself, yet not "nothing": the table, through the helper's cache
    assert found["again"] == {"cached": ["_note_ids"], "calls": [], "state": []}
    # ran for the seed (not agent state, not listed), reused for the live table
    assert found["seed_too"] == {
        "computed": ["_note_ids"],
        "cached": ["_note_ids"],
        "calls": [],
        "state": [],
    }
