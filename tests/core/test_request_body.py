"""Reading request bodies: the announced length, a small body read at once, a body cut short."""

from __future__ import annotations

import io
import json

import pytest
from werkzeug.test import EnvironBuilder

from mock_services.core.base.request_body import (
    SMALL_BODY_BYTES,
    IncompleteBody,
    ServiceRequest,
    announced_length,
)
from tests.helpers import ApiClient, expect, expect_error, raw_http


@pytest.mark.parametrize(
    ("content_length", "transfer_encoding", "expected"),
    [
        ("12", None, 12),
        (" 12 ", None, 12),
        ("0", None, 0),
        ("", None, None),
        (None, None, None),
        ("-1", None, None),
        ("1e3", None, None),
        ("12.0", None, None),
        ("١٢", None, None),  # digits, but not ASCII ones: no HTTP length
        ("12", "chunked", None),
        ("12", "gzip, Chunked", None),
        ("12", "gzip", 12),
    ],
)
def test_the_announced_length_is_a_plain_whole_number_of_an_unstreamed_body(
    content_length: str | None, transfer_encoding: str | None, expected: int | None
) -> None:
    environ = {"CONTENT_LENGTH": content_length, "HTTP_TRANSFER_ENCODING": transfer_encoding}
    environ = {key: value for key, value in environ.items() if value is not None}
    assert announced_length(environ) == expected


def _request(body: bytes, content_type: str, **environ: str) -> tuple[ServiceRequest, io.BytesIO]:
    built = EnvironBuilder(method="POST", data=body, content_type=content_type).get_environ()
    built.update(environ)
    return ServiceRequest(built), built["wsgi.input"]


def test_a_small_body_is_read_whole_and_serves_json_and_forms_alike() -> None:
    request, wire = _request(b'{"quantity": 3}', "application/json")
    assert request.get_json() == {"quantity": 3}
    assert request.get_data() == b'{"quantity": 3}'
    assert wire.tell() == len(b'{"quantity": 3}')  # read by ServiceRequest, not past the body
    form, _ = _request(b"title=call+mum&tags=a&tags=b", "application/x-www-form-urlencoded")
    assert form.form.getlist("tags") == ["a", "b"] and form.form["title"] == "call mum"


def test_a_large_body_is_left_to_werkzeugs_stream_and_read_on_demand() -> None:
    body = json.dumps({"text": "x" * SMALL_BODY_BYTES}).encode()
    request, wire = _request(body, "application/json")
    stream = request.stream
    assert wire.tell() == 0  # nothing read into memory up front
    assert stream.read() == body


def test_a_body_shorter_than_announced_is_an_error_that_names_both_lengths() -> None:
    request, _ = _request(b'{"title": "short"}', "application/json", CONTENT_LENGTH="40")
    with pytest.raises(IncompleteBody) as refused:
        request.get_data()
    assert refused.value.status == 400
    assert "ended after 18 of the 40 bytes" in refused.value.message


def test_a_client_that_hangs_up_mid_body_gets_a_400_and_its_call_is_logged(
    notes: ApiClient,
) -> None:
    notes.login("alice", "alice-pass")
    port = int(notes.base_url.rsplit(":", 1)[1])
    answer = raw_http(
        port,
        b"POST /api/notes HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
        b"Content-Length: 40\r\nAuthorization: "
        + notes.http.headers["Authorization"].encode()
        + b"\r\n\r\n",
        b'{"title": "short"}',
        hang_up=True,
    )
    head, _, body = answer.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 400"), answer
    assert json.loads(body)["error"]["code"] == "incomplete_body"
    (entry,) = notes.audit()
    assert (entry["status"], entry["username"], entry["body"]) == (
        400,
        "alice",
        "...[truncated: the body ended after 18 bytes, not kept]",
    )
    assert expect(notes.get("/api/notes"), 200)  # the worker serves on


def test_a_body_the_api_cannot_read_is_logged_without_it(notes: ApiClient) -> None:
    notes.login("alice", "alice-pass")
    json_headers = {"Content-Type": "application/json"}
    expect_error(notes.post("/api/notes", data=b'{"title": "x",', headers=json_headers), 400)
    deep = b'{"title": ' + b"[" * 300 + b"]" * 300 + b"}"  # past the JSON parser's depth
    expect_error(notes.post("/api/notes", data=deep, headers=json_headers), 400)
    assert [entry["body"] for entry in notes.audit()] == [
        None,
        "...[truncated: JSON nested too deeply to keep]",
    ]
