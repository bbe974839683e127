"""Running a tool call: it becomes a request to the service's own WSGI app, so it passes the
same validation, auth, fault rules, service layer and audit log as an HTTP call (its audit row
marked ``via="mcp"``); its answer becomes the tool's result, an error a tool error."""

from __future__ import annotations

import base64
import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any
from urllib.parse import quote, urlencode

from mock_services.core.base.mcp_toolset import McpToolSet
from mock_services.core.base.wsgi_call import WsgiApp, inner_environ, run_wsgi
from mock_services.core.data.audit import VIA_KEY
from mock_services.core.data.db import MCP_SESSION_KEY
from mock_services.core.mcp.tools import (
    RESULT_KEY,
    ServiceTool,
    ToolRoute,
    select_tools,
    unknown_name,
    wire,
)
from mock_services.core.spec.api import unknown_input

if TYPE_CHECKING:
    import mcp_types as mcp

LOGIN_HINT = "call the login tool, or send 'Authorization: Bearer <token>' with the transport"
_METHOD = r"(?:GET|POST|PUT|PATCH|DELETE)"
_ROUTE_MENTION = re.compile(
    rf"\b({_METHOD}(?: or {_METHOD})*) (/api/[^\s,;)'\"?]*[^\s,;)'\".?])(\?[^\s,;)'\"]*)?"
)
"""An HTTP route named in an error message: ``GET /api/orders``, ``PATCH or DELETE /api/x/7``."""
_COPIED_ENVIRON = (  # from the MCP POST to the request its tool call makes
    "REMOTE_ADDR",
    "REMOTE_PORT",
    "SERVER_NAME",
    "SERVER_PORT",
    "SERVER_PROTOCOL",
    "HTTP_HOST",
    "HTTP_AUTHORIZATION",
    "wsgi.version",
    "wsgi.url_scheme",
    "wsgi.errors",
    "wsgi.multithread",
    "wsgi.multiprocess",
    "wsgi.run_once",
)


@dataclass(frozen=True)
class CallOutcome:
    """A tool's result as the JSON of a ``CallToolResult``, and the JSON answer behind it
    (None for errors and files)."""

    result_json: bytes
    is_error: bool = False
    answer: bytes | None = None

    @classmethod
    def of(cls, result: mcp.CallToolResult) -> CallOutcome:
        return cls(json.dumps(wire(result)).encode(), result.is_error)


@cache
def _json_result_parts() -> tuple[bytes, bytes, bytes]:
    """The SDK's ``CallToolResult`` JSON for a JSON answer, cut where the answer's text and
    its structured content go: an answer is spliced in as the bytes the route wrote, not
    decoded, dumped by pydantic and encoded again."""

    import mcp_types as mcp  # on first use: a fifth of a second to import

    text, structured = "@TEXT@", {"@STRUCTURED@": 0}
    result = mcp.CallToolResult(content=[mcp.TextContent(text=text)], structured_content=structured)
    dumped = json.dumps(wire(result))
    head, _, rest = dumped.partition(json.dumps(text))
    middle, _, tail = rest.partition(json.dumps(structured))
    return head.encode(), middle.encode(), tail.encode()


class ArgumentError(Exception):
    """An argument the request cannot even be addressed without (a path parameter)."""


class ToolDispatcher:
    """The tools a service offers, each run as a request to ``app``. They are built on the
    first MCP request, not at start: the SDK's message types take a fifth of a second to
    import, in every worker, and most trials never speak MCP."""

    def __init__(self, app: WsgiApp, build_tools: Callable[[], list[ServiceTool]]) -> None:
        self.app = app
        self._build_tools = build_tools
        self._all_tools: list[ServiceTool] | None = None
        self.tools: dict[str, ServiceTool] = {}
        self._toolset: McpToolSet | None = None

    def use(self, toolset: McpToolSet | None) -> None:
        """Offer the tools ``toolset`` (the seed's choice) selects; all of them for None."""
        if self._all_tools is None:
            self._all_tools = self._build_tools()
            self.tools = {tool.name: tool for tool in self._all_tools}
        if toolset is not self._toolset:
            self.tools = {tool.name: tool for tool in select_tools(self._all_tools, toolset)}
            self._toolset = toolset

    def listing(self) -> list[dict[str, Any]]:
        return [tool.listing() for tool in self.tools.values()]

    def find(self, name: str) -> ServiceTool | None:
        return self.tools.get(name)

    def unknown_tool(self, name: str) -> str:
        """What to answer a call of a tool not offered: the closest names of those that are."""
        return unknown_name("tool", name, list(self.tools))

    def route_of(self, name: str) -> tuple[str, str]:
        route = self.tools[name].route
        return route.method, route.path

    def call(
        self,
        name: str,
        arguments: dict[str, Any],
        environ: dict[str, Any],
        session_hash: str | None,
    ) -> CallOutcome:
        """Run tool ``name`` as the caller of the MCP POST whose WSGI ``environ`` is given: its
        ``Authorization`` header, else the token of its MCP session (by ``session_hash``)."""
        tool = self.tools[name]
        known = list(tool.tool.input_schema["properties"])
        unknown = [key for key in arguments if key not in known]
        if unknown:
            refused = unknown_input("argument", "arguments", unknown, known)
            message = f"tool {name!r}: {refused.message}"
            error = {"code": refused.code, "message": message, "details": refused.details}
            return CallOutcome.of(_tool_error(refused.status, refused.code, message, error))
        route = tool.route
        arguments = {route.renamed_arguments.get(k, k): v for k, v in arguments.items()}
        try:
            inner = _request_environ(route, arguments, environ, session_hash)
        except ArgumentError as exc:
            return CallOutcome.of(_tool_error(422, "validation_error", str(exc), None))
        status, headers, body = run_wsgi(self.app, inner)
        code = int(status.split(maxsplit=1)[0])
        if code >= 400:
            error = _error_body(body)
            message = self.naming_tools(str(error.get("message", "")))
            if code == 401:
                message = f"{message.split(':', 1)[0]} (over MCP: {LOGIN_HINT})"
            error["message"] = message
            return CallOutcome.of(_tool_error(code, error.get("code", "error"), message, error))
        return _success(route, body, headers.get("Content-Type", ""), headers)

    def naming_tools(self, message: str) -> str:
        """``message`` with each HTTP route it names (``GET /api/orders``) replaced by the
        offered tool that calls it (``the list_orders tool``); a route no tool offers stays."""

        def tool_of(mention: re.Match[str]) -> str:
            names = [self._tool_at(method, mention[2]) for method in mention[1].split(" or ")]
            if None in names:
                return mention[0]
            query = f" ({mention[3][1:]})" if mention[3] else ""
            return f"the {' or '.join(dict.fromkeys(n for n in names if n))} tool{query}"

        return _ROUTE_MENTION.sub(tool_of, message)

    def _tool_at(self, method: str, path: str) -> str | None:
        """The offered tool of ``method`` on ``path`` (concrete, or with ``{placeholders}``)."""
        for tool in sorted(self.tools.values(), key=lambda t: len(t.route.path_params)):
            if tool.route.method == method and _route_pattern(tool.route).fullmatch(path):
                return tool.name
        return None


def _route_pattern(route: ToolRoute) -> re.Pattern[str]:
    """``route``'s path as it may be named in a message: a value or a placeholder (``<code>``,
    ``{id}``) in each parameter's place."""
    pattern = re.escape(route.path)
    for name, kind in route.path_params.items():
        value = r"\d+" if kind == "integer" else r"[^/]+"
        pattern = pattern.replace(re.escape("{" + name + "}"), rf"(?:{value}|[<{{][\w.]+[>}}])")
    return re.compile(pattern)


def _request_environ(
    route: ToolRoute, arguments: dict[str, Any], outer: dict[str, Any], session_hash: str | None
) -> dict[str, Any]:
    """The WSGI environ of the request a call makes, built directly (one dict; werkzeug's test
    ``EnvironBuilder`` cost more than the rest of the MCP layer together). Arguments that are
    neither path nor query parameters go in the body (or, for a route without one, the query),
    where the route's own strict validation names them, as it would for an HTTP client."""
    path, quoted = route.path, route.path
    for name, kind in route.path_params.items():
        if name not in arguments:
            raise ArgumentError(f"missing argument {name!r} (a {kind})")
        value = _path_value(name, kind, arguments[name])
        path = path.replace("{" + name + "}", value)
        quoted = quoted.replace("{" + name + "}", quote(value, ""))
    rest = {k: v for k, v in arguments.items() if k not in route.path_params}
    in_query = set(route.query_params) if route.body_params is not None else set(rest)
    query = urlencode(
        [(k, _query_value(v)) for k in rest if k in in_query for v in _listed(rest[k])],
        safe="!$'()*,/:;?@",  # as browsers (and werkzeug) encode a query
    )
    body = None
    if route.body_params is not None:
        body = json.dumps({k: v for k, v in rest.items() if k not in in_query}).encode()
    base = {key: outer[key] for key in _COPIED_ENVIRON if key in outer}
    base |= {VIA_KEY: "mcp", MCP_SESSION_KEY: session_hash}
    return inner_environ(route.method, path, quoted, query, body, base)


def _path_value(name: str, kind: str, value: Any) -> str:
    if kind == "integer" and (isinstance(value, bool) or not isinstance(value, int)):
        raise ArgumentError(f"argument {name!r}: expected an integer, got {value!r}")
    if kind == "string" and not isinstance(value, str):
        raise ArgumentError(f"argument {name!r}: expected a string, got {value!r}")
    return str(value)


def _listed(value: Any) -> list[Any]:
    if value is None:
        return []
    return value if isinstance(value, list) else [value]


def _query_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return value if isinstance(value, str) else json.dumps(value)


def _error_body(body: bytes) -> dict[str, Any]:
    try:
        error = json.loads(body)["error"]
    except (ValueError, KeyError, TypeError):
        return {"code": "error", "message": body.decode(errors="replace")[:500]}
    return error if isinstance(error, dict) else {"code": "error", "message": str(error)}


def _tool_error(
    status: int, code: str, message: str, error: dict[str, Any] | None
) -> mcp.CallToolResult:
    """Our error as a tool error: ``code: message``, then the whole error document as JSON."""

    import mcp_types as mcp  # on first use: a fifth of a second to import

    document = {"status": status, "error": error or {"code": code, "message": message}}
    return mcp.CallToolResult(
        content=[mcp.TextContent(text=f"{code}: {message}\n{json.dumps(document)}")],
        is_error=True,
    )


def _success(route: ToolRoute, body: bytes, content_type: str, headers: Any) -> CallOutcome:

    import mcp_types as mcp  # on first use: a fifth of a second to import

    if route.file_answer:
        disposition = headers.get("Content-Disposition", "")
        filename = disposition.partition('filename="')[2].rstrip('"') or "download"
        resource = mcp.BlobResourceContents(
            uri=f"file:///{quote(filename)}",
            mime_type=content_type,
            blob=base64.b64encode(body).decode(),
        )
        return CallOutcome.of(mcp.CallToolResult(content=[mcp.EmbeddedResource(resource=resource)]))
    if not body:
        return CallOutcome.of(mcp.CallToolResult(content=[mcp.TextContent(text="done")]))
    structured = b'{"%s": %s}' % (RESULT_KEY.encode(), body) if route.wraps_result else body
    text = json.dumps(body.decode()).encode()
    head, middle, tail = _json_result_parts()
    return CallOutcome(head + text + middle + structured + tail, answer=body)
