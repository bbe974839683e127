"""The request body limit: a body over it is refused with 413 before it is read.

The server hands the app a request as soon as its headers arrive, so a refusal decided from
``Content-Length`` never reads the body. A streamed (chunked) body has no announced length: it
is read to at most one byte past the limit, then refused the same way.
"""

from __future__ import annotations

from collections.abc import Callable

from flask import Flask, Response, g, request
from werkzeug.exceptions import RequestEntityTooLarge

from mock_services.core.errors import ApiError, error_response

DEFAULT_MAX_BODY_BYTES = 1024 * 1024
"""1 MiB: a ``ServiceSpec`` may raise or lower it, a seed document overrides both."""


class BodyTooLarge(ApiError):
    status, code = 413, "body_too_large"


def body_too_large(limit: int, announced: int | None = None) -> BodyTooLarge:
    size = f"{announced} bytes" if announced is not None else "a streamed body"
    return BodyTooLarge(
        f"the request body is too large: {size}, the limit is {limit} bytes; send a smaller "
        "body (the limit is the service's 'max_body_bytes', settable in its seed document)",
        details={"limit": limit, "content_length": announced},
    )


def body_refused() -> bool:
    """Whether this request's body was refused as too large (and so must not be read)."""
    return bool(g.get("body_refused"))


def install_body_limit(app: Flask, limit_of: Callable[[], int]) -> None:
    """Refuse bodies over ``limit_of()`` bytes on every route of ``app``, with the JSON shape."""

    @app.before_request
    def _refuse_large_body() -> None:
        limit = limit_of()
        if request.content_length is not None:
            if request.content_length > limit:
                g.body_refused = True
                raise body_too_large(limit, request.content_length)
            return
        if "chunked" in request.headers.get("Transfer-Encoding", "").lower():
            # werkzeug reads a stream up to ``max_content_length`` bytes and then quietly stops,
            # so the body is read here, one byte past the limit at most, and measured
            request.max_content_length = limit + 1
            if len(request.get_data(cache=True)) > limit:
                g.body_refused = True
                raise body_too_large(limit)

    @app.errorhandler(RequestEntityTooLarge)
    def _refuse_large_form(exc: RequestEntityTooLarge) -> Response:
        g.body_refused = True  # werkzeug's own form limits (a field over MAX_FORM_MEMORY_SIZE)
        message = f"the request body is too large: {exc.description}"
        return error_response(413, BodyTooLarge.code, message)

    @app.after_request
    def _close_after_refused_body(response: Response) -> Response:
        if body_refused():  # the unread rest of the body must not be taken for a next request
            response.headers["Connection"] = "close"
        return response
