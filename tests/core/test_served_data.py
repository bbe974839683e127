"""A served DB is not replaced under its server: seeding and resetting refuse while a server
serves the data directory, and a DB replaced anyway gets no write in its old, deleted file."""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
from datetime import UTC, datetime
from pathlib import Path

import pytest

from mock_services.core.base.settings import Settings
from mock_services.core.seeding.seed import build_service_db, install_db
from mock_services.core.serve.seeding import TASK_SEED_CHECKS
from tests.conftest import running_service
from tests.core.conftest import start_notes
from tests.core.notes_service import DEFAULT_SEED, SPEC
from tests.core.test_cli import NOTES, cli
from tests.helpers import ApiClient, expect

pytestmark = pytest.mark.process  # real servers on a data directory

OTHER_SEED = {
    **DEFAULT_SEED,
    "notes": [{"owner": "alice", "title": "Call the plumber"}, {"owner": "alice", "title": "Tea"}],
}
SEED_NOW = datetime(2026, 6, 1, 8, 0, tzinfo=UTC)
WAY_OUT = "stop it, or POST /admin/reset to return to the seed"


def _titles(db: Path) -> list[str]:
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as conn:
        return [title for (title,) in conn.execute("SELECT title FROM notes ORDER BY id")]


def _fingerprint(*paths: Path) -> list[str]:
    return [hashlib.sha256(p.read_bytes()).hexdigest() if p.exists() else "-" for p in paths]


def test_seeding_or_resetting_a_served_service_is_refused_naming_its_server(
    tmp_path: Path,
) -> None:
    data = tmp_path / "data"
    server = start_notes(data)
    try:
        notes = ApiClient(server.url, server.admin_token).login("alice", "alice-pass")
        expect(notes.post("/api/notes", json={"title": "written while served"}), 201)
        seed_hash = expect(notes.get("/health"), 200)["seed_hash"]
        seed_file = tmp_path / "seed.json"
        seed_file.write_text(json.dumps({"now": "2026-05-01T08:00:00Z", "notes": OTHER_SEED}))
        for command in (
            ["seed", NOTES, "--from", str(seed_file)],
            ["seed", NOTES],
            ["reset", NOTES],
        ):
            refused = cli(data, *command)
            assert refused.returncode == 1, f"{command} was not refused: {refused.stdout}"
            message = refused.stderr.strip()
            assert len(message.splitlines()) == 1, f"{command}: not one line: {message}"
            assert f"a server (pid {server.pid}) is serving {data / 'notes.db'}" in message, (
                f"{command}: the server's pid {server.pid} is not named: {message}"
            )
            assert message.endswith(WAY_OUT), f"{command}: no way out named: {message}"
        assert expect(notes.get("/health"), 200)["seed_hash"] == seed_hash
        assert _titles(data / "notes.db") == ["Buy milk", "written while served"]
    finally:
        server.stop()
    seeded = cli(data, "seed", NOTES, "--from", str(seed_file))
    assert seeded.returncode == 0, f"seeding a stopped service failed: {seeded.stderr}"
    assert _titles(data / "notes.db") == ["Call the plumber", "Tea"]


def test_seed_all_is_refused_before_any_db_is_replaced(tmp_path: Path) -> None:
    data = tmp_path / "data"
    with running_service("email", data) as server:
        refused = cli(data, "seed", "all")
        assert refused.returncode == 1, refused.stdout
        assert f"cannot seed email: a server (pid {server.pid})" in refused.stderr
        seeded = sorted(p.name for p in data.glob("*.db"))
        assert seeded == ["email.db", "email.seed.db"], f"seeded before the refusal: {seeded}"


def test_a_db_replaced_under_its_server_gets_every_later_write_in_the_new_file(
    tmp_path: Path,
) -> None:
    """A seed installed bypassing the refusal: the server follows the new file at once, and
    the old one (kept under a second name to watch it) is not written to."""
    settings = Settings(data_dir=tmp_path)
    server = start_notes(tmp_path, workers=1)
    try:
        notes = ApiClient(server.url, server.admin_token).login("alice", "alice-pass")
        expect(notes.post("/api/notes", json={"title": "before"}), 201)
        live = settings.db_path("notes")
        old = [tmp_path / "old.db", tmp_path / "old.db-wal"]
        os.link(live, old[0])
        os.link(f"{live}-wal", old[1])
        before = _fingerprint(*old)
        new_db = build_service_db(SPEC, OTHER_SEED, settings, now=SEED_NOW, checks=TASK_SEED_CHECKS)
        install_db(new_db, settings, "notes")
        new_hash = expect(notes.get("/health"), 200)["seed_hash"]
        notes.login("alice", "alice-pass")  # the new DB's token table knows no old token
        for n in range(5):
            expect(notes.post("/api/notes", json={"title": f"after {n}"}), 201)
        assert _fingerprint(*old) == before, "a write went into the replaced DB file"
        with sqlite3.connect(live) as conn:
            (stored_hash,) = conn.execute(
                "SELECT value FROM _meta WHERE key = 'seed_hash'"
            ).fetchone()
        assert new_hash == stored_hash, "/health answers from the old DB"
        assert _titles(live) == ["Call the plumber", "Tea", *(f"after {n}" for n in range(5))]
    finally:
        server.stop()
