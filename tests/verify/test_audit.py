"""The audit log read straight from the DB after real HTTP calls to a live service."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from mock_services.core.base.settings import Settings
from mock_services.core.serve.process import ServiceProcess, free_port
from mock_services.core.serve.seeding import seed_service
from mock_services.verify import (
    UnknownName,
    audit_log,
    calls,
    diff_service,
    last_written,
    logged_before,
    not_as_written,
    query,
    writes,
)
from mock_services.verify.audit import logged_equals_stored
from tests.core.notes_service import DEFAULT_SEED, SPEC
from tests.helpers import ApiClient

NOTES_REF = "tests.core.notes_service:SPEC"


@pytest.mark.process  # runs a subprocess
def test_audit_log_links_requests_to_rows(notes_data: Path) -> None:
    with ServiceProcess(NOTES_REF, free_port(), notes_data) as process:
        client = ApiClient(process.url, process.admin_token).login("alice", "alice-pass")
        created = client.post("/api/notes", json={"title": "Renew passport"})
        assert created.status_code == 201, created.text
        assert client.delete("/api/notes/999").status_code == 404
        served = client.admin("GET", "/admin/audit", params={"limit": 1000}).json()
    entries = audit_log("notes")
    # the SDK reads the DB as the admin API serves it: the same entries, field by field
    assert [e.model_dump(mode="json") for e in entries] == served
    posts = calls("notes", "POST", "/api/notes")
    assert [e.path for e in posts] == ["/api/notes"]
    (change,) = posts[0].changes
    assert (change.table, change.action) == ("notes", "insert")
    assert change.after["title"] == "Renew passport"
    refused = [e for e in entries if e.method == "DELETE"]
    assert refused[0].status == 404 and refused[0].changes == []
    assert [r["title"] for r in diff_service("notes").added("notes")] == ["Renew passport"]


@pytest.mark.process  # runs a subprocess
def test_a_bare_number_body_is_read_back_as_a_number(notes_data: Path) -> None:
    """SQLite gives a column declared JSON numeric affinity: the body ``3.5`` is stored as a
    number, and both readers (the admin API and the SDK) must take it as it is."""
    with ServiceProcess(NOTES_REF, free_port(), notes_data) as process:
        client = ApiClient(process.url, process.admin_token).login("alice", "alice-pass")
        headers = {"Content-Type": "application/json"}
        refused = client.post("/api/notes", data="3.5", headers=headers)
        assert refused.status_code == 400, refused.text
        served = client.admin("GET", "/admin/audit", params={"limit": 1000})
        assert served.status_code == 200, served.text
    assert [e["body"] for e in served.json() if e["status"] == 400] == [3.5]
    assert [e.body for e in audit_log("notes") if e.status == 400] == [3.5]


@pytest.mark.process  # runs two services
def test_real_time_orders_the_requests_of_two_services(notes_data: Path, tmp_path: Path) -> None:
    """Each service counts its audit ids and keeps its task clock alone; ``logged_ns`` (the
    host's real time) says which of two requests to different services came first."""
    other_data = tmp_path / "other-data"
    seed_service(SPEC, DEFAULT_SEED, Settings(data_dir=other_data))
    with (
        ServiceProcess(NOTES_REF, free_port(), notes_data) as first,
        ServiceProcess(NOTES_REF, free_port(), other_data) as second,
    ):
        here = ApiClient(first.url, first.admin_token).login("alice", "alice-pass")
        there = ApiClient(second.url, second.admin_token).login("alice", "alice-pass")
        note = here.post("/api/notes", json={"title": "Renew passport"}).json()
        other = there.post("/api/notes", json={"title": "Book flights"}).json()
        assert here.delete(f"/api/notes/{note['id']}").status_code == 204
    (added, _), (done, change) = writes("notes", "notes", note["id"], directory=notes_data)
    ((elsewhere, _),) = writes("notes", "notes", other["id"], directory=other_data)
    assert (added.id, elsewhere.id) == (1, 1)  # each service's ids start alone: no order
    assert (change.action, change.after) == ("delete", None)
    assert logged_before(added, elsewhere) and logged_before(elsewhere, done)
    assert not logged_before(elsewhere, added) and not logged_before(done, elsewhere)


def test_an_entry_logged_without_real_time_cannot_be_ordered(notes_data: Path) -> None:
    with sqlite3.connect(notes_data / "notes.db") as conn:
        conn.execute(
            "INSERT INTO _audit_requests (tick, at, method, path, status, body) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            (0, "2026-03-02 09:00:00", "POST", "/api/notes", 201, None),
        )
    (old,) = audit_log("notes")
    with pytest.raises(ValueError, match=r"audit entry 1 \(None\) has no logged_ns"):
        logged_before(old, old)


def test_writes_names_an_unknown_table(notes_data: Path) -> None:
    with pytest.raises(UnknownName, match="no table 'note'"):
        writes("notes", "note", 1)


@pytest.mark.process  # runs a subprocess
def test_a_row_written_into_the_db_file_is_not_as_written(notes_data: Path) -> None:
    """What a request wrote and what the DB holds compare alike (a moment, a boolean); a field
    set in the file by hand, or a row no request wrote, is named."""
    with ServiceProcess(NOTES_REF, free_port(), notes_data) as process:
        client = ApiClient(process.url, process.admin_token).login("alice", "alice-pass")
        note = client.post("/api/notes", json={"title": "x", "due": "2026-03-04T10:00:00Z"}).json()
    fields = ("title", "due", "created_at", "owner_id")
    (row,) = query("notes", "SELECT * FROM notes WHERE id = ?", (note["id"],))
    assert isinstance(row["due"], str) and " " in row["due"]  # the DB's form, not the log's
    assert last_written("notes", "notes", note["id"])["title"] == "x"
    assert not_as_written("notes", "notes", row, fields) == []
    with sqlite3.connect(notes_data / "notes.db") as conn:
        conn.execute("UPDATE notes SET title = 'forged' WHERE id = ?", (note["id"],))
    (forged,) = query("notes", "SELECT * FROM notes WHERE id = ?", (note["id"],))
    assert not_as_written("notes", "notes", forged, fields) == ["title"]
    (seeded,) = query("notes", "SELECT * FROM notes WHERE id = 1")
    assert last_written("notes", "notes", 1) is None
    assert not_as_written("notes", "notes", seeded, fields) == list(fields)
    with pytest.raises(UnknownName, match=r"no column 'done' in notes\.notes"):
        not_as_written("notes", "notes", seeded, ("title", "done"))


@pytest.mark.parametrize(
    ("written", "stored", "alike"),
    [
        (True, 1, True),
        (False, 1, False),
        ("2026-03-16T09:00:01", "2026-03-16 09:00:01.000000", True),
        ("2026-03-16T09:00:01Z", "2026-03-16 09:00:01", True),
        ("2026-03-16T10:00:01+01:00", "2026-03-16 09:00:01", True),
        ("2026-03-16T09:00:02", "2026-03-16 09:00:01", False),
        (["ops", "db"], '["ops", "db"]', True),
        (["db", "ops"], '["ops", "db"]', False),
        (21750.0, 21750.0, True),
        ("2026-04-30", "2026-04-30", True),
        (None, None, True),
        (None, "x", False),
    ],
)
def test_a_value_as_the_log_wrote_it_and_as_the_db_holds_it(
    written: object, stored: object, alike: bool
) -> None:
    assert logged_equals_stored(written, stored) is alike


def test_audit_log_reads_every_page(notes_data: Path) -> None:
    with sqlite3.connect(notes_data / "notes.db") as conn:
        conn.executemany(
            "INSERT INTO _audit_requests (tick, at, method, path, status, body) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            [
                (0, "2026-03-02 09:00:00", "DELETE", f"/api/notes/{i}", 404, None)
                for i in range(10_005)
            ],
        )
    entries = audit_log("notes")
    assert len(entries) == 10_005 and entries[-1].path == "/api/notes/10004"
    assert [e.id for e in audit_log("notes", since=10_000)] == list(range(10_001, 10_006))
    assert len(audit_log("notes", limit=1500)) == 1500
