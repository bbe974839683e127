"""mock_services.client against a live service: login, JSON calls, retries, clear errors."""

from __future__ import annotations

import json
import re
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, HTTPServer

import pytest

from mock_services.client import ServiceClient, ServiceError
from mock_services.core.serve.process import ServiceProcess
from tests.core.conftest import start_notes
from tests.core.notes_service import DEFAULT_SEED

pytestmark = pytest.mark.process  # a real notes server and a stand-in on a port

FAULTS = [
    {"route": "POST /api/notes", "first_n": 2, "status": 503, "retry_after": 0},
    {"route": "DELETE /api/notes/*", "status": 429, "retry_after": 0},
]


@pytest.fixture(scope="module")
def notes(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServiceProcess]:
    process = start_notes(tmp_path_factory.mktemp("client"), {**DEFAULT_SEED, "faults": FAULTS})
    yield process
    process.stop()


def test_login_then_calls_carry_the_token(notes: ServiceProcess) -> None:
    client = ServiceClient(f"{notes.url}/api/").login("alice", "alice-pass")
    assert client.token
    titles = [n["title"] for n in client.call("GET", "/notes")["items"]]
    assert titles == ["Buy milk"]


def test_answers_that_say_try_again_are_retried(
    notes: ServiceProcess, capsys: pytest.CaptureFixture[str]
) -> None:
    client = ServiceClient(f"{notes.url}/api").login("alice", "alice-pass")
    created = client.call("POST", "/notes", {"title": "Call the plumber"})
    assert created["title"] == "Call the plumber"
    assert capsys.readouterr().err.count("POST /notes: 503, retrying in 0 s") == 2


def test_retries_stop_after_the_last_attempt(notes: ServiceProcess) -> None:
    client = ServiceClient(f"{notes.url}/api", attempts=3).login("alice", "alice-pass")
    with pytest.raises(ServiceError) as caught:
        client.call("DELETE", "/notes/1")
    assert caught.value.status == 429
    assert str(caught.value).startswith(f"DELETE {notes.url}/api/notes/1: 429: ")


def test_an_error_answer_names_the_call_and_the_service_message(notes: ServiceProcess) -> None:
    with pytest.raises(ServiceError) as caught:
        ServiceClient(f"{notes.url}/api").login("alice", "wrong")
    assert caught.value.status == 401
    assert caught.value.body["error"]["code"] == "unauthorized"
    assert str(caught.value) == (
        f"POST {notes.url}/api/auth/login: 401: {caught.value.body['error']['message']}"
    )
    with pytest.raises(ServiceError, match="404"):
        ServiceClient(f"{notes.url}/api").call("GET", "/no-such-thing")


class _Health(BaseHTTPRequestHandler):
    def do_GET(self) -> None:
        body = json.dumps({"status": "ok"}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture
def late_server() -> Iterator[str]:
    """A real HTTP server whose port is taken at once but that listens only after a delay:
    until then connections are refused, as while a service restarts."""
    server = HTTPServer(("127.0.0.1", 0), _Health, bind_and_activate=False)
    server.server_bind()

    def listen_later() -> None:
        time.sleep(0.5)
        server.server_activate()
        server.serve_forever()

    thread = threading.Thread(target=listen_later, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


def test_a_refused_connection_is_retried_until_the_service_listens(
    late_server: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert ServiceClient(late_server).call("GET", "/health") == {"status": "ok"}
    assert "GET /health: connection refused, retrying in 0.1 s" in capsys.readouterr().err


def test_a_service_that_is_not_there_is_an_os_error_after_brief_retries(
    capsys: pytest.CaptureFixture[str],
) -> None:
    client = ServiceClient("http://127.0.0.1:9/api", timeout=2, refused_wait=0.3)
    with pytest.raises(OSError, match="Connection refused"):
        client.call("GET", "/health")
    waits = re.findall(r"retrying in ([\d.]+) s", capsys.readouterr().err)
    assert [float(w) for w in waits] == [0.1, 0.2]  # doubling, capped at what is left
