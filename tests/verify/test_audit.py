"""The audit log read straight from the DB after real HTTP calls to a live service."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from mock_services.core.serve.process import ServiceProcess, free_port
from mock_services.verify import audit_log, calls, diff_service
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


def test_audit_log_reads_every_page(notes_data: Path) -> None:
    with sqlite3.connect(notes_data / "notes.db") as conn:
        conn.executemany(
            "INSERT INTO _audit_requests (at, method, path, status, body) VALUES (?, ?, ?, ?, ?)",
            [
                ("2026-03-02 09:00:00", "DELETE", f"/api/notes/{i}", 404, None)
                for i in range(10_005)
            ],
        )
    entries = audit_log("notes")
    assert len(entries) == 10_005 and entries[-1].path == "/api/notes/10004"
    assert [e.id for e in audit_log("notes", since=10_000)] == list(range(10_001, 10_006))
    assert len(audit_log("notes", limit=1500)) == 1500
