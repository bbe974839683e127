"""The request body limit, against a real server: 413 before the body is read."""

from __future__ import annotations

import json
import subprocess
import urllib.error
import urllib.request
from collections.abc import Callable
from pathlib import Path

import pytest
import requests

from mock_services.core.serve.process import ServiceProcess
from tests.core.conftest import start_notes
from tests.core.notes_service import DEFAULT_SEED
from tests.helpers import ApiClient, expect, expect_error, process_tree_rss, raw_http

ONE_MIB = 1024 * 1024


def _status_and_error(answer: bytes) -> tuple[int, dict]:
    head, _, body = answer.partition(b"\r\n\r\n")
    return int(head.split()[1]), json.loads(body)["error"]


@pytest.mark.process  # real HTTP framing of large bodies
def test_an_announced_huge_body_is_refused_without_reading_it(tmp_path: Path) -> None:
    process = start_notes(tmp_path)
    try:
        rss_before = process_tree_rss(process.pid)
        answer = raw_http(
            process.port,
            b"POST /api/notes HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
            b"Content-Length: 1200000000\r\n\r\n",
            b'{"title": "x',  # a few bytes of the announced 1.2 GB, then nothing
        )
        status, error = _status_and_error(answer)
        assert (status, error["code"]) == (413, "body_too_large")
        assert "1200000000 bytes" in error["message"] and f"{ONE_MIB} bytes" in error["message"]
        assert b"connection: close" in answer.lower()
        assert process_tree_rss(process.pid) - rss_before < 50 * ONE_MIB
        notes = ApiClient(process.url, process.admin_token)
        assert expect(notes.get("/health"), 200)["status"] == "ok"
        (entry,) = notes.audit()
        assert (entry["path"], entry["status"]) == ("/api/notes", 413)
        assert (
            entry["body"] == "...[truncated: a body of 1200000000 bytes over the limit, not kept]"
        )
    finally:
        process.stop()


def test_the_default_limit_is_one_mebibyte(notes: ApiClient) -> None:
    notes.login("alice", "alice-pass")
    title = "x" * ONE_MIB
    error = expect_error(notes.post("/api/notes", json={"title": title}), 413, "body_too_large")
    assert error["details"]["limit"] == ONE_MIB
    expect_error(notes.post("/api/notes", json={"title": "x" * 300}), 422)  # read and validated


@pytest.mark.process  # real HTTP framing of large bodies
def test_a_seed_sets_the_limit_and_a_streamed_body_is_cut_at_it(tmp_path: Path) -> None:
    process = start_notes(tmp_path, {**DEFAULT_SEED, "max_body_bytes": 2048})
    try:
        notes = ApiClient(process.url, process.admin_token).login("alice", "alice-pass")
        expect_error(notes.post("/api/notes", json={"title": "x" * 2100}), 413, "body_too_large")
        expect(notes.post("/api/notes", json={"title": "fits"}), 201)
        chunk = b'{"title": "' + b"x" * 3000
        answer = raw_http(
            process.port,
            b"POST /api/notes HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
            b"Transfer-Encoding: chunked\r\n\r\n",
            b"%x\r\n%s\r\n" % (len(chunk), chunk),  # and the stream never ends
        )
        status, error = _status_and_error(answer)
        assert (status, error["code"], error["details"]["limit"]) == (413, "body_too_large", 2048)
        assert expect(notes.admin("GET", "/admin/export"), 200)["max_body_bytes"] == 2048
        assert [e["status"] for e in notes.audit()] == [413, 201, 413]
    finally:
        process.stop()


@pytest.mark.process  # real HTTP framing of large bodies
def test_a_service_sets_its_own_limit(tmp_path: Path) -> None:
    process = start_notes(tmp_path, ref="tests.core.notes_service:SMALL_BODIES_SPEC")
    try:
        notes = ApiClient(process.url, process.admin_token).login("alice", "alice-pass")
        error = expect_error(notes.post("/api/notes", json={"title": "x" * 150}), 413)
        assert error["details"]["limit"] == 128
    finally:
        process.stop()


def test_the_openapi_document_declares_the_413(notes: ApiClient) -> None:
    paths = expect(notes.get("/openapi.json"), 200)["paths"]
    assert "413" in paths["/api/notes"]["post"]["responses"]
    assert "413" not in paths["/api/notes"]["get"]["responses"]


def _urllib_post(url: str, body: Path) -> tuple[int, bytes]:
    request = urllib.request.Request(
        url, data=body.read_bytes(), headers={"Content-Type": "application/json"}
    )
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as answer:
        return answer.code, answer.read()


def _requests_post(url: str, body: Path) -> tuple[int, bytes]:
    response = requests.post(
        url, data=body.read_bytes(), headers={"Content-Type": "application/json"}, timeout=60
    )
    return response.status_code, response.content


def _curl_post(url: str, body: Path) -> tuple[int, bytes]:
    """curl as typed, ``Expect: 100-continue`` and all."""
    done = subprocess.run(
        [
            *("curl", "-sS", "-o", "-", "-w", "\n%{http_code}"),
            *("-H", "Content-Type: application/json", "--data-binary", f"@{body}", url),
        ],
        capture_output=True,
        timeout=60,
    )
    assert done.returncode == 0, f"curl failed: {done.stderr.decode()}"
    answer, _, status = done.stdout.rpartition(b"\n")
    return int(status), answer


CLIENTS: dict[str, Callable[[str, Path], tuple[int, bytes]]] = {
    "urllib": _urllib_post,
    "requests": _requests_post,
    "curl": _curl_post,
}


@pytest.mark.process  # real HTTP framing of large bodies
@pytest.mark.parametrize("mebibytes", [5, 64])
@pytest.mark.parametrize("client", sorted(CLIENTS))
def test_clients_that_send_the_whole_body_first_read_the_413(
    notes_server: ServiceProcess, tmp_path: Path, client: str, mebibytes: int
) -> None:
    """urllib and requests write the whole body before they read: the server drains it after
    its answer instead of closing on them (a broken pipe)."""
    body = tmp_path / "body.json"
    body.write_bytes(b'{"title": "' + b"x" * (mebibytes * ONE_MIB) + b'"}')
    try:
        status, answer = CLIENTS[client](f"{notes_server.url}/api/notes", body)
    except (OSError, requests.ConnectionError) as exc:
        pytest.fail(f"{client} sent {mebibytes} MiB and got no answer, expected the 413: {exc!r}")
    assert status == 413, f"{client}: expected 413 for {mebibytes} MiB, got {status}: {answer!r}"
    assert json.loads(answer)["error"]["code"] == "body_too_large"
