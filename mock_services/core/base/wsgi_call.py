"""A request made inside the process to a service's own WSGI app (an MCP tool call, a world
event): its environ built directly, and its answer read whole."""

from __future__ import annotations

import io
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from werkzeug.datastructures import Headers

WsgiApp = Callable[..., Iterable[bytes]]


def inner_environ(
    method: str,
    path: str,
    quoted: str,
    query: str,
    body: bytes | None,
    base: Mapping[str, Any],
) -> dict[str, Any]:
    """The WSGI environ of a ``method`` request to ``path`` (``quoted`` as sent) with the
    encoded ``query`` and a JSON ``body`` (None: no body), on top of ``base`` (the server's
    keys and the caller's marks). Built as one dict: werkzeug's test ``EnvironBuilder`` costs
    more than the rest of an MCP call together."""
    environ = dict(base)
    if body is not None:
        environ["CONTENT_TYPE"] = "application/json"
    uri = f"{quoted}?{query}" if query else quoted
    return environ | {
        "REQUEST_METHOD": method,
        "SCRIPT_NAME": "",
        "PATH_INFO": path.encode().decode("latin-1"),  # WSGI: the UTF-8 bytes as latin-1
        "QUERY_STRING": query,
        "REQUEST_URI": uri,
        "RAW_URI": uri,
        "CONTENT_LENGTH": str(len(body or b"")),
        "wsgi.input": io.BytesIO(body or b""),
    }


def run_wsgi(app: WsgiApp, environ: dict[str, Any]) -> tuple[str, Headers, bytes]:
    """Status, headers and body of ``app``'s answer to ``environ``, read whole."""
    started: list[Any] = []

    def start_response(status: str, headers: list[tuple[str, str]], exc_info: Any = None) -> Any:
        started[:] = [status, headers]
        return lambda _data: None  # the legacy write(); our app never calls it

    answer = app(environ, start_response)
    try:
        body = b"".join(answer)
    finally:
        getattr(answer, "close", lambda: None)()
    return started[0], Headers(started[1]), body
