"""Reading a request's body: its announced length, and a request class that reads a small body
of known length at once.

werkzeug wraps every body in a bounded stream that guards against reading past the announced
length or the limit. For a small body whose length is announced, and so already checked
against the limit, that guard costs more than the rest of a write's body handling together
(a sixth of the bare reference's whole write): ``ServiceRequest`` reads such a body in one
call instead, and leaves every other body (streamed, large, refused) to werkzeug.
"""

from __future__ import annotations

import io
from typing import IO, Any

from flask import Request
from werkzeug.utils import cached_property

from mock_services.core.base.errors import ApiError

SMALL_BODY_BYTES = 64 * 1024
"""The largest body read into memory at once; a larger one is streamed by werkzeug."""
INCOMPLETE_KEY = "mock_services.body_received"
"""The WSGI environ key set, to the bytes that arrived, on a request whose body ended early."""


class IncompleteBody(ApiError):
    status, code = 400, "incomplete_body"


def announced_length(environ: dict[str, Any]) -> int | None:
    """The body's length as its ``Content-Length`` announces it; None for a streamed (chunked)
    body, no header or a value that is not a whole number."""
    value = environ.get("CONTENT_LENGTH")
    if not value or "chunked" in environ.get("HTTP_TRANSFER_ENCODING", "").lower():
        return None
    value = value.strip()
    return int(value) if value.isascii() and value.isdigit() else None


class ServiceRequest(Request):
    """Flask's request, with a small body of announced length read in one call."""

    @cached_property
    def stream(self) -> IO[bytes]:
        length = announced_length(self.environ)
        limit = self.max_content_length
        if (
            self.shallow
            or length is None
            or length > SMALL_BODY_BYTES
            or (limit is not None and length > limit)
        ):
            return super().stream  # werkzeug's bounded stream, and its errors
        data = _read_up_to(self.environ["wsgi.input"], length)
        if len(data) < length:
            self.environ[INCOMPLETE_KEY] = len(data)  # no second read: see body_received
            raise IncompleteBody(
                f"the request body ended after {len(data)} of the {length} bytes its "
                "Content-Length announced; send the whole body"
            )
        return io.BytesIO(data)


def body_received(req: Request) -> int | None:
    """How many bytes of an incomplete body arrived (None if it was not cut short): such a
    body must not be read again."""
    return req.environ.get(INCOMPLETE_KEY)


def _read_up_to(stream: IO[bytes], length: int) -> bytes:
    """``length`` bytes of ``stream``, or fewer if it ends first."""
    data = stream.read(length)
    while len(data) < length and (more := stream.read(length - len(data))):
        data += more
    return data
