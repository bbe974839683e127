"""MCP over streamable HTTP at ``/mcp``: a small, stateless JSON-response implementation.

The service runs under granian as WSGI, in several worker processes, so the SDK's ASGI session
manager (sessions held in one process's memory, answers streamed as SSE) does not fit. The
streamable HTTP transport lets a server answer each POST with one ``application/json``
message and refuse the optional GET stream (405), which is all a tool server needs: every POST
is handled on its own, by any worker. The message types are the official SDK's (``mcp_types``).

A session is one ``Mcp-Session-Id`` that ``initialize`` issued, signed with the service's key so
that every worker knows its own ids without a write; any other id is answered 404, as the
transport prescribes for an unknown session, so a client cannot pick (or guess) one. The only
state a session has is the token its login tool got, kept in the service DB by the
hash of the ``Mcp-Session-Id`` (so every worker sees it). A tool call's request reads it in its
own transaction (``Runtime.authenticate``), so it costs no transaction of its own and no worker
keeps a copy that a logout, a reset or another worker's login would leave stale; the logout
tool forgets it in the logout's transaction. A bearer token in the POST's own ``Authorization``
header takes precedence.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from pydantic import ValidationError

from mock_services.core.data.db import McpSession
from mock_services.core.mcp.calls import ToolDispatcher
from mock_services.core.mcp.tools import wire

if TYPE_CHECKING:
    import mcp_types as mcp

    from mock_services.core.web.runtime import Runtime

MCP_PATH = "/mcp"
SESSION_HEADER = "Mcp-Session-Id"
LOGIN_ROUTE = ("POST", "/api/auth/login")
UNKNOWN_SESSION = (
    f"unknown {SESSION_HEADER}: this server did not issue it; send 'initialize' first (without "
    f"the header) and then the {SESSION_HEADER} its answer carries"
)
StartResponse = Callable[..., Any]
WsgiApp = Callable[[dict[str, Any], StartResponse], Iterable[bytes]]


class McpEndpoint:
    """WSGI middleware: ``/mcp`` speaks MCP, every other path goes to the service's app."""

    def __init__(self, app: WsgiApp, runtime: Runtime, dispatcher: ToolDispatcher) -> None:
        self.app = app
        self.runtime = runtime
        self.dispatcher = dispatcher

    def __call__(self, environ: dict[str, Any], start_response: StartResponse) -> Iterable[bytes]:
        if environ.get("PATH_INFO") != MCP_PATH:
            return self.app(environ, start_response)
        method = environ["REQUEST_METHOD"]
        if not _same_origin(environ):
            return _plain(start_response, "403 Forbidden", b"cross-origin MCP requests are refused")
        if method == "POST":
            return self._post(environ, start_response)
        if method == "DELETE":
            if self._unissued_session(environ):
                return _unknown_session(start_response, None)
            self._forget(environ)
            return _plain(start_response, "204 No Content", b"")
        return _plain(
            start_response,
            "405 Method Not Allowed",
            b"this MCP endpoint answers POSTs with JSON and offers no event stream",
            [("Allow", "POST, DELETE")],
        )

    def _post(self, environ: dict[str, Any], start_response: StartResponse) -> Iterable[bytes]:

        import mcp_types as mcp  # on first use: a fifth of a second to import

        length = int(environ.get("CONTENT_LENGTH") or 0)
        if length > self.runtime.max_body_bytes:
            return _json(
                start_response,
                "413 Request Entity Too Large",
                _error(
                    None,
                    mcp.INVALID_REQUEST,
                    f"the body is over {self.runtime.max_body_bytes} bytes",
                ),
            )
        raw = environ["wsgi.input"].read(length) if length else b""
        try:
            message = json.loads(raw)
        except ValueError as exc:
            return _json(
                start_response, "400 Bad Request", _error(None, mcp.PARSE_ERROR, f"not JSON: {exc}")
            )
        if self._unissued_session(environ) and not _is_initialize(message):
            return _unknown_session(start_response, message)
        if not isinstance(message, dict) or "method" not in message:
            return _plain(
                start_response, "202 Accepted", b""
            )  # a response to us, or junk: nothing to answer
        if "id" not in message:
            return _plain(start_response, "202 Accepted", b"")  # a notification
        headers: list[tuple[str, str]] = []
        answer = self._answer(message, environ, headers)
        return _json(start_response, "200 OK", answer, headers)

    def _answer(
        self, message: dict[str, Any], environ: dict[str, Any], headers: list[tuple[str, str]]
    ) -> bytes:

        import mcp_types as mcp  # on first use: a fifth of a second to import

        request_id, method = message["id"], message["method"]
        params = message.get("params") or {}
        self.dispatcher.use(self.runtime.mcp_toolset if self.runtime.ready else None)
        if method == "initialize":
            headers.append((SESSION_HEADER, self.runtime.auth.signer.issue_mcp_session()))
            return _result(request_id, self._initialize(params))
        if method == "ping":
            return _result(request_id, {})
        if method == "tools/list":
            return _result(request_id, {"tools": self.dispatcher.listing()})
        if method == "tools/call":
            try:
                call = mcp.CallToolRequestParams.model_validate(params)
            except ValidationError as exc:
                return _error(request_id, mcp.INVALID_PARAMS, f"invalid tools/call params: {exc}")
            if self.dispatcher.find(call.name) is None:
                return _error(
                    request_id, mcp.INVALID_PARAMS, self.dispatcher.unknown_tool(call.name)
                )
            return _result(request_id, self._call(call, environ))
        return _error(request_id, mcp.METHOD_NOT_FOUND, f"method {method!r} is not supported")

    def _initialize(self, params: dict[str, Any]) -> dict[str, Any]:

        import mcp_types as mcp  # on first use: a fifth of a second to import

        asked = params.get("protocolVersion")
        from mcp_types.version import HANDSHAKE_PROTOCOL_VERSIONS, LATEST_HANDSHAKE_VERSION

        version = asked if asked in HANDSHAKE_PROTOCOL_VERSIONS else LATEST_HANDSHAKE_VERSION
        spec = self.runtime.spec
        result = mcp.InitializeResult(
            protocol_version=version,
            capabilities=mcp.ServerCapabilities(tools=mcp.ToolsCapability(list_changed=False)),
            server_info=mcp.Implementation(
                name=f"mock-{spec.name}", title=spec.title, version="1.0.0"
            ),
            instructions=(
                f"The {spec.title} service. Call the login tool with your username and password "
                "first (or send 'Authorization: Bearer <token>'); see /docs for a guide."
            ),
        )
        return wire(result)

    def _call(self, call: mcp.CallToolRequestParams, environ: dict[str, Any]) -> bytes:
        session_hash = _session_hash(environ)
        outcome = self.dispatcher.call(call.name, call.arguments or {}, environ, session_hash)
        if (
            session_hash is not None
            and not outcome.is_error
            and self.dispatcher.route_of(call.name) == LOGIN_ROUTE
            and outcome.answer is not None
        ):
            self._remember(session_hash, json.loads(outcome.answer)["token"])
        return outcome.result_json

    def _unissued_session(self, environ: dict[str, Any]) -> bool:
        """Whether the request carries an ``Mcp-Session-Id`` that ``initialize`` did not issue."""
        session_id: str | None = environ.get("HTTP_MCP_SESSION_ID")
        if not session_id:
            return False
        return not self.runtime.auth.signer.issued_mcp_session(session_id)

    def _remember(self, session_hash: str, token: str) -> None:
        with self.runtime.session(write=True) as session:
            session.merge(McpSession(session_hash=session_hash, token=token))
            session.commit()

    def _forget(self, environ: dict[str, Any]) -> None:
        session_hash = _session_hash(environ)
        if session_hash is None or not self.runtime.ready:
            return
        with self.runtime.session(write=True) as session:
            row = session.get(McpSession, session_hash)
            if row is not None:
                session.delete(row)
                session.commit()


def _is_initialize(message: Any) -> bool:
    return isinstance(message, dict) and message.get("method") == "initialize"


def _unknown_session(start_response: StartResponse, message: Any) -> Iterable[bytes]:
    """404 with a JSON-RPC error, as the transport answers an id it does not know."""
    import mcp_types as mcp  # on first use: a fifth of a second to import

    request_id = message.get("id") if isinstance(message, dict) else None
    return _json(
        start_response, "404 Not Found", _error(request_id, mcp.INVALID_REQUEST, UNKNOWN_SESSION)
    )


def _session_hash(environ: dict[str, Any]) -> str | None:
    session_id = environ.get("HTTP_MCP_SESSION_ID")
    return hashlib.sha256(session_id.encode()).hexdigest() if session_id else None


def _same_origin(environ: dict[str, Any]) -> bool:
    """No ``Origin`` (not a browser), or the service's own: a web page elsewhere cannot drive
    the tools through a visitor's browser (DNS rebinding)."""
    origin = environ.get("HTTP_ORIGIN")
    return origin is None or urlsplit(origin).netloc == environ.get("HTTP_HOST")


def _result(request_id: Any, result: dict[str, Any] | bytes) -> bytes:
    """A JSON-RPC answer; a result given as bytes is JSON already and goes in as it is."""
    encoded = result if isinstance(result, bytes) else json.dumps(result).encode()
    return b'{"jsonrpc": "2.0", "id": %s, "result": %s}' % (
        json.dumps(request_id).encode(),
        encoded,
    )


def _error(request_id: Any, code: int, message: str) -> bytes:
    error = {"jsonrpc": "2.0", "id": request_id, "error": {"code": code, "message": message}}
    return json.dumps(error).encode()


def _json(
    start_response: StartResponse,
    status: str,
    body: bytes,
    headers: list[tuple[str, str]] | None = None,
) -> Iterable[bytes]:
    start_response(
        status,
        [
            ("Content-Type", "application/json"),
            ("Content-Length", str(len(body))),
            *(headers or []),
        ],
    )
    return [body]


def _plain(
    start_response: StartResponse,
    status: str,
    text: bytes,
    headers: list[tuple[str, str]] | None = None,
) -> Iterable[bytes]:
    start_response(
        status,
        [("Content-Type", "text/plain"), ("Content-Length", str(len(text))), *(headers or [])],
    )
    return [text]
