"""A ``requests`` transport that hands each request to a WSGI app in this process.

Mounted on a ``requests.Session``, it lets the HTTP test client talk to a service's Flask app
without a server: cookies, redirects, ``Link`` headers and errors go through ``requests``
itself, so a test sees the same ``requests.Response`` either way.
"""

from __future__ import annotations

import io
from http.client import HTTPMessage
from typing import Any
from urllib.parse import urlsplit

from flask import Flask
from requests import PreparedRequest, Response
from requests.adapters import HTTPAdapter
from urllib3 import HTTPResponse
from werkzeug.test import EnvironBuilder, run_wsgi_app


class AnsweredMessage:
    """The headers of an answer already read whole, where ``requests`` and ``urllib3`` look for
    those of ``http.client``'s response (``msg``)."""

    def __init__(self, msg: HTTPMessage) -> None:
        self.msg = msg

    def isclosed(self) -> bool:
        return True


class AppTransport(HTTPAdapter):
    """Sends every request of the session it is mounted on to ``app`` (no socket, no thread)."""

    def __init__(self, app: Flask) -> None:
        super().__init__()
        self.app = app

    def send(self, request: PreparedRequest, stream: bool = False, **_options: Any) -> Response:  # type: ignore[override]
        url = urlsplit(request.url or "")
        body = request.body.encode() if isinstance(request.body, str) else request.body
        environ = EnvironBuilder(
            path=url.path,
            query_string=url.query,
            base_url=f"{url.scheme}://{url.netloc}",
            method=request.method,
            headers=list(request.headers.items()),
            data=body or b"",
            environ_base={"REMOTE_ADDR": "127.0.0.1"},
        ).get_environ()
        chunks, status, headers = run_wsgi_app(self.app, environ, buffered=True)
        try:
            content = b"".join(chunks)
        finally:
            getattr(chunks, "close", lambda: None)()
        message = HTTPMessage()  # what ``requests`` reads the Set-Cookie headers from
        for name, value in headers.items():
            message[name] = value
        code, _, reason = status.partition(" ")
        raw = HTTPResponse(
            body=io.BytesIO(content),
            headers=list(headers.items()),
            status=int(code),
            reason=reason,
            preload_content=False,
            decode_content=False,
            original_response=AnsweredMessage(message),  # type: ignore[arg-type]
        )
        return self.build_response(request, raw)
