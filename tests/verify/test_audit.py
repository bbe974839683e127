"""The audit log read straight from the DB after real HTTP calls to a live service."""

from __future__ import annotations

from pathlib import Path

from mock_services.core.process import ServiceProcess, free_port
from mock_services.verify import audit_log, calls, diff_service
from tests.helpers import ApiClient

NOTES_REF = "tests.core.notes_service:SPEC"


def test_audit_log_links_requests_to_rows(notes_data: Path) -> None:
    with ServiceProcess(NOTES_REF, free_port(), notes_data) as process:
        client = ApiClient(process.url, process.admin_token).login("alice", "alice-pass")
        created = client.post("/api/notes", json={"title": "Renew passport"})
        assert created.status_code == 201, created.text
        assert client.delete("/api/notes/999").status_code == 404
    entries = audit_log("notes")
    posts = calls("notes", "POST", "/api/notes")
    assert [e.path for e in posts] == ["/api/notes"]
    (change,) = posts[0].changes
    assert (change.table, change.action) == ("notes", "insert")
    assert change.after["title"] == "Renew passport"
    refused = [e for e in entries if e.method == "DELETE"]
    assert refused[0].status == 404 and refused[0].changes == []
    assert [r["title"] for r in diff_service("notes").added("notes")] == ["Renew passport"]
