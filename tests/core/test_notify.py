"""Cross-service notifications arrive over real HTTP, with the admin token."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from tests.core.conftest import start_notes
from tests.core.notes_service import DEFAULT_SEED
from tests.helpers import ApiClient, expect


class _Inbox(BaseHTTPRequestHandler):
    received: list[tuple[str, dict[str, str], Any]] = []

    def do_POST(self) -> None:
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        self.received.append((self.path, dict(self.headers), body))
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.end_headers()
        self.wfile.write(b'{"delivered": 1}')

    def log_message(self, *args: Any) -> None:
        pass


@pytest.fixture
def inbox() -> Iterator[tuple[str, list]]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Inbox)
    _Inbox.received = []
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}", _Inbox.received
    server.shutdown()


def test_mutation_delivers_mail_to_the_wired_email_service(tmp_path: Path, inbox) -> None:
    url, received = inbox
    process = start_notes(tmp_path, {**DEFAULT_SEED, "notifications": {"email_url": url}})
    try:
        client = ApiClient(process.url, process.admin_token).login("alice", "alice-pass")
        expect(client.post("/api/notes", json={"title": "dentist"}), 201)
        ((path, headers, body),) = received
        assert path == "/admin/deliver"
        assert headers["X-Admin-Token"] == process.admin_token
        assert body["to"] == ["alice@example.test"] and body["subject"] == "Note added: dentist"
    finally:
        process.stop()


def test_without_wiring_nothing_is_sent(tmp_path: Path, inbox) -> None:
    _url, received = inbox
    process = start_notes(tmp_path)
    try:
        client = ApiClient(process.url, process.admin_token).login("alice", "alice-pass")
        expect(client.post("/api/notes", json={"title": "dentist"}), 201)
        assert received == []
    finally:
        process.stop()
