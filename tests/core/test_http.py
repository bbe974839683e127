"""The core over real HTTP: login, error shape, audit log, clock, admin operations."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from mock_services.core.base.auth import session_cookie
from mock_services.core.base.settings import Settings
from mock_services.core.serve.app import create_app
from mock_services.core.serve.process import ServiceProcess
from tests.core.conftest import start_notes
from tests.core.notes_service import SPEC
from tests.helpers import ApiClient, db_dump, expect, expect_error


def test_login_issues_a_token_and_a_cookie(notes: ApiClient) -> None:
    response = notes.post("/api/auth/login", json={"username": "alice", "password": "alice-pass"})
    body = expect(response, 200)
    assert body["user"] == {
        "id": 1,
        "username": "alice",
        "display_name": "Alice",
        "email": "alice@example.test",
    }
    assert response.cookies.get(session_cookie("notes")) == body["token"]
    me = notes.get("/api/auth/me", headers={"Authorization": f"Bearer {body['token']}"})
    assert expect(me, 200)["username"] == "alice"
    by_cookie = ApiClient(notes.base_url, "")
    by_cookie.http.cookies.set(session_cookie("notes"), body["token"])
    assert expect(by_cookie.get("/api/auth/me"), 200)["username"] == "alice"


def test_a_token_stops_working_at_logout(notes: ApiClient) -> None:
    """Tokens are signed, so without revocation a captured one would outlive its session."""
    first = expect(
        notes.post("/api/auth/login", json={"username": "alice", "password": "alice-pass"}), 200
    )["token"]
    second = expect(
        notes.post("/api/auth/login", json={"username": "alice", "password": "alice-pass"}), 200
    )["token"]
    bearer = {"Authorization": f"Bearer {first}"}
    expect(notes.post("/api/auth/logout", headers=bearer), 204)
    error = expect_error(notes.get("/api/auth/me", headers=bearer), 401)
    assert "logged out" in error["message"]
    by_cookie = ApiClient(notes.base_url, "")
    by_cookie.http.cookies.set(session_cookie("notes"), first)
    expect_error(by_cookie.get("/api/auth/me"), 401)
    other = notes.get("/api/auth/me", headers={"Authorization": f"Bearer {second}"})
    assert expect(other, 200)["username"] == "alice", "logout ended another session too"


@pytest.mark.attack
def test_logout_is_audited_and_refuses_body_fields(notes: ApiClient) -> None:
    """Logout changes state (the token is revoked) like any write: logged, and strict input."""
    notes.login("alice", "alice-pass")
    refused = expect_error(notes.post("/api/auth/logout", json={"owner": "bob"}), 422)
    assert refused["message"] == "unknown body field 'owner' (this route takes no body fields)"
    assert refused["details"][0]["loc"] == ["body", "owner"]
    assert expect(notes.get("/api/auth/me"), 200)["username"] == "alice", "refused, yet ended"
    expect(notes.post("/api/auth/logout", json={}), 204)
    expect_error(notes.get("/api/auth/me"), 401)
    logged = [(e["method"], e["path"], e["username"], e["status"]) for e in notes.audit()]
    assert logged == [
        ("POST", "/api/auth/logout", "alice", 422),
        ("POST", "/api/auth/logout", "alice", 204),
    ]


def test_a_route_without_a_body_refuses_one_that_is_not_json(notes: ApiClient) -> None:
    notes.login("alice", "alice-pass")
    error = expect_error(notes.post("/api/auth/logout", data="owner=bob"), 400, "invalid_body")
    assert "takes no request body" in error["message"]


def test_login_failures(notes: ApiClient) -> None:
    wrong = notes.post("/api/auth/login", json={"username": "alice", "password": "nope"})
    assert "wrong username or password" in expect_error(wrong, 401, "unauthorized")["message"]
    unknown = notes.post("/api/auth/login", json={"username": "mallory", "password": "x"})
    expect_error(unknown, 401)
    missing = notes.post("/api/auth/login", json={"username": "alice"})
    error = expect_error(missing, 422, "validation_error")
    assert error["details"][0]["loc"] == ["body", "password"]


def test_protected_routes_need_a_valid_token(notes: ApiClient) -> None:
    assert "log in first" in expect_error(notes.get("/api/notes"), 401)["message"]
    forged = notes.get("/api/notes", headers={"Authorization": "Bearer forged.token"})
    assert "invalid, expired or logged out" in expect_error(forged, 401)["message"]


def test_every_error_is_json_of_one_shape(notes: ApiClient) -> None:
    notes.login("alice", "alice-pass")
    expect_error(notes.get("/no/such/route"), 404, "not_found")
    expect_error(notes.put("/api/notes"), 405, "method_not_allowed")
    not_json = notes.post("/api/notes", data="title=x")
    assert "JSON object" in expect_error(not_json, 400, "invalid_body")["message"]
    too_long = notes.post("/api/notes", json={"title": "x" * 201})
    assert "title" in expect_error(too_long, 422)["message"]
    extra = notes.post("/api/notes", json={"title": "x", "colour": "red"})
    assert "colour" in expect_error(extra, 422)["message"]
    bad_page = notes.get("/api/notes?per_page=1000")
    assert expect_error(bad_page, 422)["details"][0]["loc"] == ["query", "per_page"]


def test_clock_ticks_per_mutating_request(notes: ApiClient) -> None:
    notes.login("alice", "alice-pass")
    first = expect(notes.post("/api/notes", json={"title": "one"}), 201)
    notes.get("/api/notes")  # reads do not move the clock
    second = expect(notes.post("/api/notes", json={"title": "two"}), 201)
    assert (first["created_at"], second["created_at"]) == (
        "2026-03-02T09:00:01Z",
        "2026-03-02T09:00:02Z",
    )
    assert first["id"] == 2 and second["id"] == 3


def test_audit_links_requests_to_rows(notes: ApiClient) -> None:
    notes.login("alice", "alice-pass")
    expect(notes.post("/api/notes", json={"title": "call mum"}), 201)
    expect(notes.delete("/api/notes/1"), 204)
    expect_error(notes.delete("/api/notes/1"), 404)
    first, second, third = notes.audit()
    assert (first["method"], first["path"], first["status"], first["username"]) == (
        "POST",
        "/api/notes",
        201,
        "alice",
    )
    assert first["body"] == {"title": "call mum"}
    (insert,) = first["changes"]
    assert (insert["table"], insert["action"], insert["before"]) == ("notes", "insert", None)
    assert insert["after"]["title"] == "call mum"
    (delete,) = second["changes"]
    assert (delete["action"], delete["row_id"], delete["after"]) == ("delete", "1", None)
    assert delete["before"]["title"] == "Buy milk"
    assert (third["status"], third["changes"]) == (404, [])
    assert [e["id"] for e in notes.audit(since=first["id"])] == [second["id"], third["id"]]


def test_admin_needs_the_token(notes: ApiClient) -> None:
    for method, path in (
        ("GET", "/admin/audit"),
        ("POST", "/admin/reset"),
        ("GET", "/admin/export"),
    ):
        response = notes.request(method, path, headers={"X-Admin-Token": "guess"})
        assert "X-Admin-Token" in expect_error(response, 401)["message"]


@pytest.mark.process  # real servers
def test_reset_snapshot_and_export(notes: ApiClient, notes_server: ServiceProcess) -> None:
    notes.login("alice", "alice-pass")
    expect(notes.post("/api/notes", json={"title": "temporary"}), 201)
    snap = expect(notes.admin("POST", "/admin/snapshot", json={"name": "after-add"}), 200)
    with sqlite3.connect(snap["path"]) as conn:
        assert conn.execute("SELECT count(*) FROM notes").fetchone()[0] == 2
    exported = expect(notes.admin("GET", "/admin/export"), 200)
    assert [n["title"] for n in exported["notes"]] == ["Buy milk", "temporary"]
    expect(notes.admin("POST", "/admin/reset"), 200)
    assert [n["title"] for n in expect(notes.get("/api/notes"), 200)["items"]] == ["Buy milk"]
    assert notes.audit() == []
    live = notes_server.data_dir / "notes.db"
    assert db_dump(live) == db_dump(notes_server.data_dir / "notes.seed.db")
    bad_name = notes.admin("POST", "/admin/snapshot", json={"name": "../escape"})
    expect_error(bad_name, 422)


@pytest.mark.process  # real servers
def test_same_actions_give_the_same_db(tmp_path: Path) -> None:
    dumps = []
    for run in ("a", "b"):
        process = start_notes(tmp_path / run)
        try:
            client = ApiClient(process.url, process.admin_token).login("alice", "alice-pass")
            expect(
                client.post("/api/notes", json={"title": "x", "due": "2026-03-04T10:00:00Z"}), 201
            )
            expect(client.delete("/api/notes/1"), 204)
            expect(client.post("/api/notes", json={"title": "y"}), 201)
        finally:
            process.stop()
        dumps.append(db_dump(tmp_path / run / "notes.db"))
    assert dumps[0] == dumps[1]


def test_a_db_seeded_before_the_tables_changed_is_refused_with_how_to_reseed(
    tmp_path: Path,
) -> None:
    """A column the models have and the DB lacks (an older seed) would fail every query with
    a 500; the service says so instead, and /health is not ok."""
    import sqlite3

    from mock_services.core.serve.seeding import seed_service
    from tests.core.notes_service import DEFAULT_SEED

    seed_service(SPEC, DEFAULT_SEED, Settings(data_dir=tmp_path))
    with sqlite3.connect(tmp_path / "notes.db") as db:
        db.execute("ALTER TABLE notes DROP COLUMN due")
    client = create_app(SPEC, Settings(data_dir=tmp_path)).test_client()
    for path in ("/health", "/api/notes"):
        response = client.get(path)
        assert response.status_code == 503, f"{path}: {response.status_code} {response.json}"
        assert response.json["error"]["code"] == "seed_outdated", response.json
        message = response.json["error"]["message"]
        assert "lacks notes.due" in message and "'mock-services seed notes'" in message, message


def test_a_db_whose_audit_log_keeps_changes_in_a_table_of_their_own_is_refused(
    tmp_path: Path,
) -> None:
    """A live DB from before a request's changes were kept in its own row (a table
    ``_audit_changes``) would hide its changes from every audit read; the service says so
    instead of answering without them."""
    import sqlite3

    from mock_services.core.serve.seeding import seed_service
    from tests.core.notes_service import DEFAULT_SEED

    seed_service(SPEC, DEFAULT_SEED, Settings(data_dir=tmp_path))
    with sqlite3.connect(tmp_path / "notes.db") as db:
        db.execute("DROP VIEW _audit_changes")
        db.execute("ALTER TABLE _audit_requests DROP COLUMN changes")
        db.execute(
            "CREATE TABLE _audit_changes (id INTEGER PRIMARY KEY, request_id INTEGER, "
            "table_name TEXT, row_id TEXT, action TEXT, before JSON, after JSON)"
        )
    response = create_app(SPEC, Settings(data_dir=tmp_path)).test_client().get("/health")
    assert response.status_code == 503, response.json
    assert response.json["error"]["code"] == "seed_outdated", response.json
    message = response.json["error"]["message"]
    assert "lacks _audit_requests.changes" in message, message
    assert "'mock-services seed notes'" in message, message


def test_health_is_503_until_seeded(tmp_path: Path) -> None:
    app = create_app(SPEC, Settings(data_dir=tmp_path))
    client = app.test_client()
    response = client.get("/health")
    assert response.status_code == 503
    assert response.json["error"]["code"] == "not_ready"
    assert "mock-services seed notes" in response.json["error"]["message"]
    from mock_services.core.serve.seeding import seed_service
    from tests.core.notes_service import DEFAULT_SEED

    seed_service(SPEC, DEFAULT_SEED, Settings(data_dir=tmp_path))
    assert client.get("/health").status_code == 200


@pytest.mark.process  # real servers
def test_secrets_are_private_files(notes_server: ServiceProcess) -> None:
    secrets = notes_server.data_dir / "secrets"
    assert secrets.stat().st_mode & 0o777 == 0o700
    for path in secrets.iterdir():
        assert path.stat().st_mode & 0o777 == 0o600, path


def test_openapi_documents_every_route(notes: ApiClient) -> None:
    document = expect(notes.get("/openapi.json"), 200)
    assert document["openapi"].startswith("3.1")
    operations = {(m.upper(), p) for p, ops in document["paths"].items() for m in ops}
    assert {
        ("GET", "/health"),
        ("POST", "/api/auth/login"),
        ("GET", "/api/notes"),
        ("POST", "/api/notes"),
        ("DELETE", "/api/notes/{note_id}"),
        ("GET", "/admin/audit"),
        ("POST", "/admin/reset"),
    } <= operations
    create = document["paths"]["/api/notes"]["post"]
    assert create["requestBody"]["content"]["application/json"]["schema"] == {
        "$ref": "#/components/schemas/NoteCreate"
    }
    assert {"201", "401", "422", "default"} <= set(create["responses"])
    assert "NoteCreate" in document["components"]["schemas"]


def test_unknown_query_parameters_are_refused_on_every_api_route(notes: ApiClient) -> None:
    notes.login("alice", "alice-pass")
    listing = expect_error(notes.get("/api/notes?colour=red&per_page=5"), 422, "validation_error")
    assert listing["message"] == "unknown query parameter 'colour' (known: page, per_page)"
    assert listing["details"] == [
        {
            "loc": ["query", "colour"],
            "message": "unknown query parameter (known: page, per_page)",
            "type": "extra_forbidden",
        }
    ]
    no_query = expect_error(notes.post("/api/notes?dry_run=1", json={"title": "x"}), 422)
    assert "'dry_run'" in no_query["message"]
    assert "takes no query parameters" in no_query["message"]
    admin = expect_error(notes.admin("GET", "/admin/audit?after=3"), 422)
    assert "'after'" in admin["message"] and "since, limit" in admin["message"]
    assert [n["title"] for n in expect(notes.get("/api/notes"), 200)["items"]] == ["Buy milk"]


def test_an_unknown_body_field_is_named_with_the_known_ones(notes: ApiClient) -> None:
    notes.login("alice", "alice-pass")
    error = expect_error(notes.post("/api/notes", json={"title": "x", "colour": "red"}), 422)
    assert error["message"] == "unknown body field 'colour' (known: title, due)"
    assert error["details"] == [
        {
            "loc": ["body", "colour"],
            "message": "unknown body field (known: title, due)",
            "type": "extra_forbidden",
        }
    ]
