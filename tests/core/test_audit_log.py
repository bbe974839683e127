"""The audit log over HTTP: every call to a mutating route, bounded summaries, pages."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mock_services.core.base.schemas import AuditEntry
from mock_services.core.data.audit import SUMMARY_CHARS, summary_of
from mock_services.registry import get_spec
from mock_services.verify import ReadsNotLogged, UnknownName, answered_before, reads
from tests.core.conftest import start_notes
from tests.core.notes_service import DEFAULT_SEED
from tests.helpers import ApiClient, expect, expect_error
from tests.mcp_session import McpSession
from tests.task_service import DATA, task_service


@pytest.mark.process  # a real server with injected faults
def test_injected_faults_on_mutating_routes_are_logged(tmp_path: Path) -> None:
    seed = {
        **DEFAULT_SEED,
        "faults": [
            {"route": "POST /api/notes", "first_n": 1, "status": 503, "retry_after": 1},
            {"route": "GET /api/notes", "first_n": 1, "status": 429},
        ],
    }
    process = start_notes(tmp_path, seed)
    try:
        notes = ApiClient(process.url, process.admin_token).login("alice", "alice-pass")
        expect_error(notes.post("/api/notes", json={"title": "first try"}), 503)
        expect_error(notes.get("/api/notes"), 429)  # reads are not logged, faulted or not
        expect(notes.post("/api/notes", json={"title": "second try"}), 201)
        entries = notes.audit()
        assert [(e["status"], e["username"], e["body"]) for e in entries] == [
            (503, "alice", {"title": "first try"}),
            (201, "alice", {"title": "second try"}),
        ]
    finally:
        process.stop()


@pytest.mark.process  # a real server seeded to log reads
def test_a_seed_with_audit_reads_logs_every_api_and_mcp_read_with_its_query(
    tmp_path: Path,
) -> None:
    process = start_notes(tmp_path, {**DEFAULT_SEED, "audit_reads": True})
    try:
        notes = ApiClient(process.url, process.admin_token).login("alice", "alice-pass")
        expect(notes.get("/api/notes?per_page=1"), 200)
        expect_error(notes.get("/api/notes?colour=red"), 422)  # refused before its handler
        McpSession(notes).call("list_notes", {"page": 2})
        expect(notes.post("/api/notes", json={"title": "after reading"}), 201)
        expect(notes.get("/openapi.json"), 200)  # not an operation: never logged
        logged = [
            (e["method"], e["operation"], e["status"], e["via"], e["body"]) for e in notes.audit()
        ]
        assert logged == [
            ("GET", "list_notes", 200, "http", {"per_page": "1"}),
            ("GET", "list_notes", 422, "http", {"colour": "red"}),
            ("GET", "list_notes", 200, "mcp", {"page": "2"}),
            ("POST", "create_note", 201, "http", {"title": "after reading"}),
        ], "expected each read logged with its query, the write after them, nothing else"
    finally:
        process.stop()


def test_calls_refused_before_their_handler_are_logged(notes: ApiClient) -> None:
    notes.login("alice", "alice-pass")
    expect_error(notes.delete(f"/api/notes/{2**64}"), 404)  # an id no SQLite row can have
    expect_error(notes.post("/api/notes?colour=red", json={"title": "x"}), 422)
    assert [(e["method"], e["status"]) for e in notes.audit()] == [("DELETE", 404), ("POST", 422)]


def test_the_body_summary_is_bounded_and_says_what_it_left_out(notes: ApiClient) -> None:
    notes.login("alice", "alice-pass")
    body = {"title": "t" * 5000, "password": "hunter2", "tags": list(range(5000))}
    expect_error(notes.post("/api/notes", json=body), 422)
    summary = notes.audit()[-1]["body"]
    assert summary["title"] == "t" * 512 + "...[truncated: 5000 chars]"
    assert summary["password"] == "***"
    assert summary["tags"][:3] == [0, 1, 2]
    assert (
        summary["tags"][-1].startswith("...[truncated: ") and "more items]" in summary["tags"][-1]
    )
    assert len(str(summary)) < 2 * SUMMARY_CHARS


def test_a_summary_keeps_small_values_whole_and_cuts_deep_nesting() -> None:
    small = {"title": "call mum", "items": [{"sku": "A", "quantity": 2}], "gift": None}
    assert summary_of(small) == small
    deep: list = []
    innermost = deep
    for _ in range(50):
        innermost.append([])
        innermost = innermost[0]
    cut = summary_of(deep)
    for _ in range(8):
        cut = cut[0]
    assert cut == "...[truncated: 1 values nested too deeply]"
    many_fields = summary_of({f"field{i}": "v" * 100 for i in range(1000)})
    assert many_fields["..."].startswith("...[truncated: ") and len(many_fields) < 100


def test_a_summary_redacts_secrets_at_any_depth_and_counts_them_as_redacted() -> None:
    sent = {
        "cards": [{"number": "4242", "Secret_Code": {"cvc": "123"}}],
        "API_TOKEN": ["a", "b"],
        "note": "x" * 600,
    }
    assert summary_of(sent) == {
        "cards": [{"number": "4242", "Secret_Code": "***"}],
        "API_TOKEN": "***",
        "note": "x" * 512 + "...[truncated: 600 chars]",
    }
    # the budget pays for '***', not for the secret: a long password leaves room for the rest
    assert summary_of({"password": "p" * 5000, "title": "t" * 30}, chars=60) == {
        "password": "***",
        "title": "t" * 30,
    }


def test_the_audit_log_comes_in_pages_linked_by_a_next_link(notes: ApiClient) -> None:
    notes.login("alice", "alice-pass")
    for i in range(5):
        expect(notes.post("/api/notes", json={"title": f"note {i}"}), 201)
    first = notes.admin("GET", "/admin/audit?limit=2")
    assert [e["id"] for e in expect(first, 200)] == [1, 2]
    assert first.links["next"]["url"] == "/admin/audit?since=2&limit=2"
    last = notes.admin("GET", "/admin/audit?since=4&limit=2")
    assert [e["id"] for e in expect(last, 200)] == [5] and "next" not in last.links
    assert [e["id"] for e in notes.audit()] == [1, 2, 3, 4, 5]  # the helper follows the links


def test_the_default_page_holds_a_hundred_entries(notes: ApiClient) -> None:
    notes.login("alice", "alice-pass")
    for i in range(101):
        expect_error(notes.delete(f"/api/notes/{1000 + i}"), 404)
    page = notes.admin("GET", "/admin/audit")
    assert len(expect(page, 200)) == 100
    assert page.links["next"]["url"] == "/admin/audit?since=100&limit=100"
    assert len(notes.audit()) == 101
    expect_error(notes.admin("GET", "/admin/audit?limit=1001"), 422)


@pytest.mark.parametrize("logs_reads", [True, False])
def test_a_web_page_read_is_logged_as_the_api_read_it_shows(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, logs_reads: bool
) -> None:
    """With ``audit_reads`` the ticket page is the agent's ``get_ticket`` by the UI, with the
    ticket it shows; the SDK's ``reads`` finds it beside the API's. Without, no read is logged
    and ``reads`` says what the seed lacks."""
    document = {"helpdesk": {**get_spec("helpdesk").default_seed(), "audit_reads": logs_reads}}
    (tmp_path / "task").mkdir()
    (tmp_path / "task" / "environment").mkdir()
    (tmp_path / "task" / "environment" / "seed.json").write_text(json.dumps(document))
    desk = task_service(tmp_path / "task", "helpdesk", tmp_path)
    assert "TK-1001" in desk.get("/tickets/TK-1001").text
    expect(desk.get("/api/tickets/TK-1002"), 200)
    logged = [(e["method"], e["operation"], e["params"], e["via"]) for e in desk.audit()]
    monkeypatch.setenv("MOCK_DATA_DIR", str(tmp_path / DATA))
    if not logs_reads:
        assert logged == [], "no read is logged unless the seed asks"
        with pytest.raises(ReadsNotLogged, match='give its section "audit_reads": true'):
            reads("helpdesk", "get_ticket")
        return
    assert logged == [
        ("GET", "get_ticket", {"code": "TK-1001"}, "ui"),
        ("GET", "get_ticket", {"code": "TK-1002"}, "http"),
    ]
    found = [(e.via, e.params) for e in reads("helpdesk", "get_ticket")]
    assert found == [("ui", {"code": "TK-1001"}), ("http", {"code": "TK-1002"})]
    with pytest.raises(UnknownName, match="no read 'update_ticket' in helpdesk"):
        reads("helpdesk", "update_ticket")


def test_each_entry_says_when_its_request_was_received_and_answered(notes: ApiClient) -> None:
    notes.login("alice", "alice-pass")
    expect(notes.post("/api/notes", json={"title": "one"}), 201)
    expect(notes.post("/api/notes", json={"title": "two"}), 201)
    first, second = notes.audit()
    assert first["received_ns"] <= first["logged_ns"] <= second["received_ns"], (first, second)
    assert second["received_ns"] <= second["logged_ns"], second


def _entry(received_ns: int | None, logged_ns: int) -> AuditEntry:
    return AuditEntry(
        id=1, at="2026-03-02T09:00:00Z", method="GET", path="/", status=200, changes=[],
        username="alice",
        received_ns=received_ns, logged_ns=logged_ns,
    )  # fmt: skip


def test_an_act_sent_before_a_read_was_answered_was_not_made_on_it() -> None:
    """Sent beside the read, finished after it: the act could not use what the read showed."""
    read = _entry(received_ns=100, logged_ns=200)
    assert not answered_before(read, _entry(received_ns=150, logged_ns=300))
    assert answered_before(read, _entry(received_ns=250, logged_ns=300))
    assert answered_before(read, _entry(received_ns=None, logged_ns=300)), "an older log"


def test_a_requests_changes_are_one_range_of_ids_and_pages_carry_their_own(
    notes: ApiClient, tmp_path: Path
) -> None:
    """Each change's id places it among its request's (no index on request_id to keep up):
    every page of the log carries each request's own changes, across page bounds too."""
    notes.login("alice", "alice-pass")
    made = [expect(notes.post("/api/notes", json={"title": f"n{i}"}), 201)["id"] for i in range(3)]
    expect(notes.delete(f"/api/notes/{made[0]}"), 204)
    paged = [
        (entry["method"], [(c["table"], c["row_id"], c["action"]) for c in entry["changes"]])
        for since in (0, 2)
        for entry in expect(notes.admin("GET", f"/admin/audit?since={since}&limit=2"), 200)
    ]
    assert paged == [
        ("POST", [("notes", str(made[0]), "insert")]),
        ("POST", [("notes", str(made[1]), "insert")]),
        ("POST", [("notes", str(made[2]), "insert")]),
        ("DELETE", [("notes", str(made[0]), "delete")]),
    ]


def test_change_ids_are_their_requests_range() -> None:
    from mock_services.core.data.audit_ids import CHANGE_ID_BITS, change_ids

    assert change_ids(3) == (3 << CHANGE_ID_BITS, (4 << CHANGE_ID_BITS) - 1)
    assert change_ids(3, 5) == (3 << CHANGE_ID_BITS, (6 << CHANGE_ID_BITS) - 1)
    assert change_ids(4)[0] == change_ids(3)[1] + 1  # the ranges of neighbours touch, never overlap
