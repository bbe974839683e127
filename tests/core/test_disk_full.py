"""A full disk is a 507 JSON error (``insufficient_storage``), never a 500: nothing of the
request is kept, the DB stays sound and the service works again once space is freed."""

from __future__ import annotations

import errno
import sqlite3
import subprocess
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from flask import Flask
from sqlalchemy import create_engine

from mock_services.core.base.error_handlers import install_error_handlers
from tests.core.conftest import start_notes
from tests.helpers import ApiClient, expect, expect_error, fill_disk


def _app_raising(action: Callable[[], None]) -> Flask:
    app = Flask("disk-full")
    install_error_handlers(app)
    app.post("/write")(lambda: action() or "")
    return app


def _sqlite_full(db: Path) -> None:
    """A real SQLITE_FULL: the DB may not grow past two pages (as on a full disk)."""
    engine = create_engine(f"sqlite:///{db}")
    with engine.begin() as conn:
        conn.exec_driver_sql("CREATE TABLE IF NOT EXISTS t (x)")
        conn.exec_driver_sql("PRAGMA max_page_count = 2")
        conn.exec_driver_sql("INSERT INTO t VALUES (randomblob(100000))")


@pytest.mark.parametrize("failure", ["sqlite_through_sqlalchemy", "sqlite", "os"])
def test_a_full_disk_is_a_507_json_error(failure: str, tmp_path: Path) -> None:
    db = tmp_path / "full.db"

    def raw_sqlite() -> None:
        with sqlite3.connect(db) as conn:
            conn.execute("CREATE TABLE IF NOT EXISTS t (x)")
            conn.execute("PRAGMA max_page_count = 2")
            conn.execute("INSERT INTO t VALUES (randomblob(100000))")

    def os_error() -> None:
        raise OSError(errno.ENOSPC, "No space left on device", str(tmp_path / "x"))

    actions = {"sqlite_through_sqlalchemy": lambda: _sqlite_full(db), "sqlite": raw_sqlite}
    answer = _app_raising(actions.get(failure, os_error)).test_client().post("/write")
    assert answer.status_code == 507
    error = answer.get_json()["error"]
    assert error["code"] == "insufficient_storage"
    assert (
        "disk is full" in error["message"]
        and "nothing of this request was saved" in (error["message"])
    )


def test_other_database_errors_stay_internal_errors(tmp_path: Path) -> None:
    def locked() -> None:
        raise sqlite3.OperationalError("no such table: t")

    answer = _app_raising(locked).test_client().post("/write")
    assert answer.status_code == 500 and answer.get_json()["error"]["code"] == "internal_error"


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    """A 4 MB tmpfs (needs root: skipped elsewhere, as mounting is not allowed there)."""
    mount = tmp_path / "disk"
    mount.mkdir()
    done = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=4m", "tmpfs", str(mount)], capture_output=True
    )
    if done.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {done.stderr.decode().strip()}")
    yield mount
    subprocess.run(["umount", "-l", str(mount)], check=True)


@pytest.mark.process  # a real server on a full disk
def test_a_live_service_on_a_full_disk_answers_507_and_recovers(
    small_disk: Path, tmp_path: Path
) -> None:
    server = start_notes(small_disk)
    try:
        notes = ApiClient(server.url, server.admin_token).login("alice", "alice-pass")
        before = expect(notes.get("/api/notes"), 200)["total"]
        fill_disk(small_disk / "filler")
        refused = notes.post("/api/notes", json={"title": "x" * 200})
        expect_error(refused, 507, "insufficient_storage")
        assert expect(notes.get("/api/notes"), 200)["total"] == before  # reads still work
        with sqlite3.connect(small_disk / "notes.db") as conn:
            assert conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        (small_disk / "filler").unlink()
        expect(notes.post("/api/notes", json={"title": "after"}), 201)
        assert expect(notes.get("/api/notes"), 200)["total"] == before + 1
    finally:
        server.stop()
