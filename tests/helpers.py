"""Test helpers shared by every area: a small HTTP client for a service (served or in
process), a fake inbox."""

from __future__ import annotations

import errno
import json
import os
import shutil
import subprocess
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import TYPE_CHECKING, Any

import requests
from flask import Flask

from tests.app_transport import AppTransport

if TYPE_CHECKING:
    from mock_services.core.serve.process import ServiceProcess


class ApiClient:
    """``requests`` against one service, with login and admin-token helpers: a live server at
    ``base_url``, or with ``app`` the service's Flask app in this process (same responses)."""

    def __init__(self, base_url: str, admin_token: str, app: Flask | None = None) -> None:
        self.base_url = base_url
        self.admin_token = admin_token
        self.app = app
        self.http = requests.Session()
        if app is not None:
            self.http.mount(base_url, AppTransport(app))

    def request(self, method: str, path: str, **kwargs: Any) -> requests.Response:
        kwargs.setdefault("timeout", 30)
        return self.http.request(method, self.base_url + path, **kwargs)

    def get(self, path: str, **kwargs: Any) -> requests.Response:
        return self.request("GET", path, **kwargs)

    def post(self, path: str, **kwargs: Any) -> requests.Response:
        return self.request("POST", path, **kwargs)

    def put(self, path: str, **kwargs: Any) -> requests.Response:
        return self.request("PUT", path, **kwargs)

    def patch(self, path: str, **kwargs: Any) -> requests.Response:
        return self.request("PATCH", path, **kwargs)

    def delete(self, path: str, **kwargs: Any) -> requests.Response:
        return self.request("DELETE", path, **kwargs)

    def login(self, username: str, password: str) -> ApiClient:
        """Log in; later calls on this client send the bearer token."""
        response = self.post("/api/auth/login", json={"username": username, "password": password})
        assert response.status_code == 200, f"login as {username} failed: {response.text}"
        self.http.headers["Authorization"] = f"Bearer {response.json()['token']}"
        return self

    def anonymous(self) -> ApiClient:
        """A second client on the same service, with no login and no cookies."""
        return ApiClient(self.base_url, self.admin_token, self.app)

    def as_user(self, username: str, password: str) -> ApiClient:
        """A second client on the same service, logged in as another user."""
        return self.anonymous().login(username, password)

    def admin(self, method: str, path: str, **kwargs: Any) -> requests.Response:
        headers = {**kwargs.pop("headers", {}), "X-Admin-Token": self.admin_token}
        return self.request(method, path, headers=headers, **kwargs)

    def audit(self, since: int = 0) -> list[dict[str, Any]]:
        """Every audit entry after ``since``, following the ``Link: rel="next"`` pages."""
        entries: list[dict[str, Any]] = []
        path: str | None = f"/admin/audit?since={since}"
        while path is not None:
            response = self.admin("GET", path)
            assert response.status_code == 200, response.text
            entries += response.json()
            path = response.links.get("next", {}).get("url")
        return entries


def expect(response: requests.Response, status: int) -> Any:
    """Assert the status, showing the body when it differs; returns the decoded JSON (or None)."""
    assert response.status_code == status, (
        f"{response.request.method} {response.request.path_url}: expected {status}, "
        f"got {response.status_code}: {response.text[:500]}"
    )
    return response.json() if response.content else None


def expect_error(response: requests.Response, status: int, code: str | None = None) -> dict:
    """Assert a JSON error of the stable shape, with the given status (and code)."""
    body = expect(response, status)
    assert set(body) == {"error"} and {"code", "message"} <= set(body["error"]), body
    if code is not None:
        assert body["error"]["code"] == code, body
    return body["error"]


def log_in(page: Any, base_url: str, username: str, password: str, next_path: str = "") -> None:
    """Log a Playwright ``page`` in through the service's own login form, as a person does,
    landing on ``next_path`` (sent as the form's ``next``, as written)."""
    page.goto(f"{base_url}/login" + (f"?next={next_path}" if next_path else ""))
    page.fill("#username", username)
    page.fill("#password", password)
    page.click("#login")


def db_dump(path: Path) -> list[str]:
    """The SQL dump of a DB without what describes how it was built rather than what it holds:
    the seed fingerprint, the query planner's statistics and the audit log's real times (its
    last two columns, ``logged_ns`` and ``received_ns``: the values no seed and no action
    fixes)."""
    import re
    import sqlite3

    real_time = re.compile(
        r"^(INSERT INTO \"_audit_requests\" VALUES\(.*),-?\d+,(?:-?\d+|NULL)\);$", re.S
    )
    with sqlite3.connect(path) as conn:
        return [
            real_time.sub(r"\1,NULL,NULL);", line)
            for line in conn.iterdump()
            if "'seed_hash'" not in line and '"sqlite_stat' not in line
        ]


def process_tree_rss(pid: int) -> int:
    """Resident memory, in bytes, of process ``pid`` and all its descendants (from /proc)."""
    children: dict[int, list[int]] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:  # the process ended meanwhile
            continue
        children.setdefault(int(fields[1]), []).append(int(stat.parent.name))
    total, pending = 0, [pid]
    while pending:
        current = pending.pop()
        pending += children.get(current, [])
        try:
            status = Path(f"/proc/{current}/status").read_text()
        except OSError:
            continue
        total += next(
            int(line.split()[1]) * 1024 for line in status.splitlines() if line.startswith("VmRSS:")
        )
    return total


def raw_http(
    port: int, head: bytes, body: bytes = b"", timeout: float = 10, *, hang_up: bool = False
) -> bytes:
    """Send ``head`` and ``body`` on a plain socket and return the whole answer; ``hang_up``
    stops sending after them (a half-close, as a client that goes away does).

    The socket timeout fails the caller if the server waits for more than was sent.
    """
    import socket

    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as sock:
        sock.sendall(head + body)
        if hang_up:
            sock.shutdown(socket.SHUT_WR)
        answer = b""
        while b"\r\n\r\n" not in answer or len(answer) < _answer_length(answer):
            chunk = sock.recv(65536)
            if not chunk:
                break
            answer += chunk
        return answer


def _answer_length(answer: bytes) -> int:
    """The full length of an HTTP answer whose head is in ``answer`` (from its Content-Length)."""
    head, _, _ = answer.partition(b"\r\n\r\n")
    lengths = [
        int(line.split(b":", 1)[1])
        for line in head.lower().split(b"\r\n")
        if line.startswith(b"content-length:")
    ]
    return len(head) + 4 + (lengths[0] if lengths else 0)


def namespaces_allowed() -> bool:
    """Whether this machine lets the no-Docker runner make its namespaces (root or
    CAP_SYS_ADMIN): its trials skip where it does not."""
    done = subprocess.run(["unshare", "--mount", "--net", "true"], capture_output=True, check=False)
    return done.returncode == 0


def seeded_credentials(document: Any) -> tuple[str, str]:
    """The first user with a plain password anywhere in a seed document."""
    if isinstance(document, dict):
        if isinstance(document.get("username"), str) and isinstance(document.get("password"), str):
            return document["username"], document["password"]
        values = document.values()
    elif isinstance(document, list):
        values = document
    else:
        values = []
    for value in values:
        try:
            return seeded_credentials(value)
        except LookupError:
            continue
    raise LookupError("no user with a password in the seed")


def schemathesis_binary() -> str | None:
    """The schemathesis command next to this Python (a venv's), else on PATH; None if absent."""
    here = Path(sys.executable).parent
    return shutil.which("schemathesis", path=f"{here}{os.pathsep}{os.environ.get('PATH', '')}")


def run_schemathesis(
    process: ServiceProcess, service: str, *extra: str, max_examples: int
) -> subprocess.CompletedProcess[str]:
    """Schemathesis over a live service's OpenAPI, with every check, ``max_examples`` per
    operation, logged in as its first seeded user and as admin (``/admin/reset`` left out);
    ``extra`` options are appended."""
    from mock_services.registry import get_spec

    username, password = seeded_credentials(get_spec(service).default_seed())
    login = requests.post(
        process.url + "/api/auth/login",
        json={"username": username, "password": password},
        timeout=10,
    )
    token = expect(login, 200)["token"]
    return subprocess.run(
        [
            schemathesis_binary() or "schemathesis",
            # Its default checks, plus 413: a body over the service's limit is refused too.
            "--config-file",
            str(Path(__file__).parent / "services" / "schemathesis.toml"),
            "run",
            process.url + "/openapi.json",
            "--checks",
            "all",
            "--max-examples",
            str(max_examples),
            "--seed",
            "20261130",
            "--no-color",
            # Schema-valid input may still be refused by business rules (an unknown id is a 404,
            # an order already shipped a 409), so only the other checks apply.
            "--exclude-checks",
            "positive_data_acceptance",
            "-H",
            f"Authorization: Bearer {token}",
            "-H",
            f"X-Admin-Token: {process.admin_token}",
            "--exclude-path",
            "/admin/reset",
            *extra,
        ],
        capture_output=True,
        text=True,
        timeout=900,
    )


def fill_disk(path: Path) -> int:
    """Write ``path`` until its file system has not one byte left; returns the bytes written."""
    written = 0
    with path.open("wb", buffering=0) as handle:
        for chunk in (1 << 20, 1 << 12, 1):  # large blocks first, then whatever is left
            try:
                while True:
                    written += handle.write(b"\0" * chunk)
            except OSError as exc:
                if exc.errno != errno.ENOSPC:
                    raise
    return written


@contextmanager
def fake_inbox() -> Iterator[tuple[str, list[dict[str, Any]]]]:
    """A stand-in for the email service's delivery endpoint on a free port: ``(url,
    received)``, each delivery its JSON mail plus ``path`` and ``headers`` (the request's)."""
    received: list[dict[str, Any]] = []

    class Inbox(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            mail = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
            received.append({**mail, "path": self.path, "headers": dict(self.headers)})
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.end_headers()
            self.wfile.write(b'{"delivered": 1}')

        def log_message(self, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Inbox)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}", received
    finally:
        server.shutdown()
        server.server_close()


@dataclass
class FakeLlm:
    """An OpenAI-compatible endpoint's script and what it received: each answer is
    ("ok", text) | ("status", code) | ("drop", None), the default reply once the script is
    spent; each request its ``path``, ``auth`` header and JSON ``body``."""

    default: str
    script: list[tuple[str, Any]] = field(default_factory=list)
    requests: list[dict[str, Any]] = field(default_factory=list)
    url: str = ""


@contextmanager
def fake_llm(default: str) -> Iterator[FakeLlm]:
    """A scripted ``/v1/chat/completions`` server on a free port (``FakeLlm.url`` is its
    base URL), for what calls a judge or a model persona."""
    fake = FakeLlm(default)

    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *_args: Any) -> None:
            pass

        def do_POST(self) -> None:
            body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
            fake.requests.append(
                {"path": self.path, "auth": self.headers["Authorization"], "body": body}
            )
            kind, value = fake.script.pop(0) if fake.script else ("ok", fake.default)
            if kind == "drop":
                self.close_connection = True
                self.connection.shutdown(2)
                return
            if kind == "status":
                self.send_response(value)
                self.send_header("Content-Length", "2")
                self.end_headers()
                self.wfile.write(b"{}")
                return
            payload = json.dumps(
                {"choices": [{"message": {"role": "assistant", "content": value}}]}
            ).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(payload)))
            self.end_headers()
            self.wfile.write(payload)

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    fake.url = f"http://127.0.0.1:{server.server_address[1]}/v1"
    try:
        yield fake
    finally:
        server.shutdown()
        server.server_close()
