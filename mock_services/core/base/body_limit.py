"""The request body limit: a body over it is refused with 413 before it is read.

The server hands the app a request as soon as its headers arrive, so a refusal decided from
``Content-Length`` never reads the body. A streamed (chunked) body has no announced length: it
is read to at most one byte past the limit, then refused the same way.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import suppress
from typing import IO

from flask import Flask, Request, Response, request
from werkzeug.exceptions import RequestEntityTooLarge

from mock_services.core.base.error_handlers import error_response
from mock_services.core.base.errors import ApiError
from mock_services.core.base.request_body import announced_length

DEFAULT_MAX_BODY_BYTES = 1024 * 1024
"""1 MiB: a ``ServiceSpec`` may raise or lower it, a seed document overrides both."""
DRAIN_BYTES = 64 * 1024 * 1024
"""How much of a refused body is read and dropped after the 413, at most."""
DRAIN_SECONDS = 10.0
"""How long the rest of a refused body is drained, at most."""
DRAIN_CHUNK = 256 * 1024
REFUSED_KEY = "mock_services.body_refused"
"""The WSGI environ key set on a request whose body was refused."""


class BodyTooLarge(ApiError):
    status, code = 413, "body_too_large"


def body_too_large(limit: int, announced: int | None = None) -> BodyTooLarge:
    size = f"{announced} bytes" if announced is not None else "a streamed body"
    return BodyTooLarge(
        f"the request body is too large: {size}, the limit is {limit} bytes; send a smaller "
        "body (the limit is the service's 'max_body_bytes', settable in its seed document)",
        details={"limit": limit, "content_length": announced},
    )


def body_refused(req: Request) -> bool:
    """Whether the body of ``req`` was refused as too large (and so must not be read)."""
    return REFUSED_KEY in req.environ


def refuse_large_body(req: Request, limit: int) -> None:
    """Raise 413 for a body over ``limit`` bytes: announced, or read one byte past it."""
    environ = req.environ
    if environ.get("CONTENT_LENGTH"):
        announced = announced_length(environ)  # None if chunked or not a number
        if announced is not None and announced > limit:
            environ[REFUSED_KEY] = True
            raise body_too_large(limit, announced)
        return
    if "chunked" in environ.get("HTTP_TRANSFER_ENCODING", "").lower():
        # werkzeug reads a stream up to ``max_content_length`` bytes and then quietly stops,
        # so the body is read here, one byte past the limit at most, and measured
        req.max_content_length = limit + 1
        if len(req.get_data(cache=True)) > limit:
            environ[REFUSED_KEY] = True
            raise body_too_large(limit)


def close_after_refused_body(req: Request, response: Response) -> None:
    """Answer a refused body, then drain what the client still sends of it (see
    ``_answer_then_drain``) and close: its unread rest must not be taken for a next request."""
    if body_refused(req):
        response.headers["Connection"] = "close"
        response.response = _answer_then_drain(response.get_data(), req.environ["wsgi.input"])


def _answer_then_drain(answer: bytes, body: IO[bytes]) -> Iterator[bytes]:
    """The answer, then up to ``DRAIN_BYTES`` of the refused body read and dropped within
    ``DRAIN_SECONDS``: a client that writes its whole body before it reads (urllib, requests)
    gets the 413 instead of a broken pipe, and one that stops sending is not waited for."""
    yield answer
    deadline = time.monotonic() + DRAIN_SECONDS
    left = DRAIN_BYTES
    with suppress(Exception):  # the client hung up: nothing is left to drain
        while left > 0 and time.monotonic() < deadline and (chunk := body.read(DRAIN_CHUNK)):
            left -= len(chunk)


def install_form_limit(app: Flask) -> None:
    """werkzeug's own form limits (a field over ``MAX_FORM_MEMORY_SIZE``) answer 413 in the
    JSON shape too."""

    @app.errorhandler(RequestEntityTooLarge)
    def _refuse_large_form(exc: RequestEntityTooLarge) -> Response:
        request.environ[REFUSED_KEY] = True
        message = f"the request body is too large: {exc.description}"
        return error_response(413, BodyTooLarge.code, message)
