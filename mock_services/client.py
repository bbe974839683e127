"""A small client for the services' JSON APIs, for reference solutions, scripts and agents.

    from mock_services.client import ServiceClient

    shop = ServiceClient("http://127.0.0.1:1234/api").login("alice", "alice-pass")
    orders = shop.call("GET", "/orders?per_page=100")["items"]
    shop.call("POST", f"/orders/{orders[0]['code']}/cancel", {"reason": "duplicate order"})

JSON in and out, the bearer token after ``login``, and retries:

- answers that say "try again" (429 and 5xx, as a task's declared faults answer) are retried
  after their ``Retry-After``, up to ``attempts`` calls;
- a refused connection (a service that is restarting) is retried after 0.1 s, 0.2 s, 0.4 s...,
  for ``refused_wait`` seconds of waiting in all (5 by default), then raised as the
  ``URLError`` it is. The request never reached the service, so this is safe for any method.

Standard library only, so that it runs under any ``python3`` that has the package installed,
as in task images. ``McpClient`` is the same for a service's MCP tools (``/mcp``), and retries
a tool whose answer says "try again" the same way.
"""

from __future__ import annotations

import json
import re
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from typing import Any

RETRIED_STATUSES = frozenset({429, 500, 502, 503, 504})
FIRST_REFUSED_WAIT = 0.1  # seconds; doubled after each refused connection
MCP_PROTOCOL = "2025-03-26"


class ServiceError(RuntimeError):
    """An error answer that retrying does not fix; ``status`` and ``body`` as the service sent."""

    def __init__(self, method: str, url: str, status: int, body: Any) -> None:
        message = body.get("error", {}).get("message") if isinstance(body, dict) else body
        super().__init__(f"{method} {url}: {status}: {message}")
        self.status = status
        self.body = body


class ServiceClient:
    """Calls one service's API at ``base_url`` (e.g. ``http://127.0.0.1:1234/api``).

    Retries "try again" answers (429, 5xx) up to ``attempts`` calls, each after its
    ``Retry-After`` (at most ``max_wait`` s), and a refused connection with backoff for
    ``refused_wait`` s of waiting in all (a restarting service); see the module docstring.
    """

    def __init__(
        self,
        base_url: str,
        token: str | None = None,
        *,
        attempts: int = 10,
        timeout: float = 30.0,
        max_wait: float = 30.0,
        refused_wait: float = 5.0,
    ) -> None:
        self.base_url = base_url.rstrip("/")
        self.token = token
        self.attempts = attempts
        self.timeout = timeout
        self.max_wait = max_wait
        self.refused_wait = refused_wait

    def login(self, username: str, password: str) -> ServiceClient:
        """Log in as a seeded user; later calls carry the token. Returns the client itself."""
        answer = self.call("POST", "/auth/login", {"username": username, "password": password})
        self.token = answer["token"]
        return self

    def call(self, method: str, path: str, body: Any = None) -> Any:
        """``method path`` with ``body`` as JSON; the decoded JSON answer (``None`` if empty)."""
        url = self.base_url + path
        data = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json", "Accept": "application/json"}
        if self.token:
            headers["Authorization"] = f"Bearer {self.token}"
        attempt, refused_waits = 1, _refused_waits(self.refused_wait)
        while True:
            request = urllib.request.Request(url, data=data, method=method, headers=headers)
            try:
                with urllib.request.urlopen(request, timeout=self.timeout) as response:
                    return _decoded(response.read())
            except urllib.error.HTTPError as exc:
                answer = _decoded(exc.read())
                if exc.code not in RETRIED_STATUSES or attempt >= self.attempts:
                    raise ServiceError(method, url, exc.code, answer) from None
                wait = min(_retry_after(exc.headers.get("Retry-After")), self.max_wait)
                print(f"{method} {path}: {exc.code}, retrying in {wait:g} s", file=sys.stderr)
                time.sleep(wait)
                attempt += 1
            except urllib.error.URLError as exc:
                backoff = next(refused_waits, None)
                if not isinstance(exc.reason, ConnectionRefusedError) or backoff is None:
                    raise
                print(
                    f"{method} {path}: connection refused, retrying in {backoff:g} s",
                    file=sys.stderr,
                )
                time.sleep(backoff)


class McpClient:
    """One MCP session with a service's ``/mcp`` endpoint (streamable HTTP, JSON-RPC), for
    scripts that act through the tools as an agent's MCP client would::

        crm = McpClient("http://127.0.0.1:5110/mcp").login("alice", "alice-pass")
        deals = crm.call("list_deals", q="website redesign")["items"]

    ``call`` answers a tool's structured result (its ``result`` when that is all it holds),
    else its text, decoded when it is JSON; a tool error raises ``RuntimeError`` with its text.
    A tool error that says "try again" (the API's 429 and 5xx) is retried up to ``attempts``
    calls, after the wait its message names (1 s when it names none; at most ``max_wait``).
    """

    def __init__(
        self,
        url: str,
        *,
        timeout: float = 30.0,
        name: str = "script",
        attempts: int = 10,
        max_wait: float = 30.0,
    ) -> None:
        self.url, self.timeout = url, timeout
        self.attempts, self.max_wait = attempts, max_wait
        self.session: str | None = None
        self._ids = 0
        client = {"name": name, "version": "1"}
        self.rpc(
            "initialize",
            {"protocolVersion": MCP_PROTOCOL, "capabilities": {}, "clientInfo": client},
        )
        self._post({"jsonrpc": "2.0", "method": "notifications/initialized"})

    def login(self, username: str, password: str) -> McpClient:
        """Log the session in with the service's ``login`` tool; returns the client itself."""
        self.call("login", username=username, password=password)
        return self

    def tools(self) -> list[str]:
        """The names of the tools the service offers."""
        return [tool["name"] for tool in self.rpc("tools/list", {})["tools"]]

    def call(self, tool: str, **arguments: Any) -> Any:
        attempt = 1
        while True:
            answer = self.rpc("tools/call", {"name": tool, "arguments": arguments})
            if not answer.get("isError"):
                return _tool_result(answer)
            text = _tool_text(answer)
            status = _TOOL_ERROR_STATUS.search(text)
            if not status or int(status[1]) not in RETRIED_STATUSES or attempt >= self.attempts:
                raise RuntimeError(f"{tool}: {text}")
            said = TOOL_RETRY_AFTER.search(text)
            wait = min(_retry_after(said[1] if said else None), self.max_wait)
            print(f"{tool}: {status[1]}, retrying in {wait:g} s", file=sys.stderr)
            time.sleep(wait)
            attempt += 1

    def rpc(self, method: str, params: dict[str, Any]) -> Any:
        """One JSON-RPC request of the session; its ``result``, or ``RuntimeError``."""
        self._ids += 1
        answer = self._post({"jsonrpc": "2.0", "id": self._ids, "method": method, "params": params})
        if not isinstance(answer, dict) or "error" in answer:
            raise RuntimeError(f"{method}: {answer}")
        return answer["result"]

    def _post(self, message: dict[str, Any]) -> Any:
        headers = {
            "Content-Type": "application/json",
            "Accept": "application/json, text/event-stream",
        }
        if self.session:
            headers["Mcp-Session-Id"] = self.session
        request = urllib.request.Request(self.url, json.dumps(message).encode(), headers)
        with urllib.request.urlopen(request, timeout=self.timeout) as response:
            self.session = response.headers.get("Mcp-Session-Id") or self.session
            text = response.read().decode()
        events = [line[5:] for line in text.splitlines() if line.startswith("data:")]
        return _decoded((events[-1] if events else text).encode())


_TOOL_ERROR_STATUS = re.compile(r'"status": (\d{3})')
TOOL_RETRY_AFTER = re.compile(r"(?:retry after|try again in) (\d+(?:\.\d+)?) seconds?")
"""A tool error's text holds the API's error answer (``{"status": 429, ...}``), whose message
may name the wait ("retry after 3 seconds", "try again in 1 second")."""


def _tool_text(answer: dict[str, Any]) -> str:
    return "".join(part.get("text", "") for part in answer.get("content", []))


def _tool_result(answer: dict[str, Any]) -> Any:
    """A tool's structured result (its ``result`` when that is all it holds), else its text,
    decoded when it is JSON."""
    structured = answer.get("structuredContent")
    if structured is not None:
        whole = isinstance(structured, dict) and set(structured) == {"result"}
        return structured["result"] if whole else structured
    return _decoded(_tool_text(answer).encode())


def _refused_waits(total: float) -> Iterator[float]:
    """0.1, 0.2, 0.4... seconds, the last one cut so that they add up to ``total``."""
    wait, left = FIRST_REFUSED_WAIT, total
    while left > 1e-9:
        yield round(min(wait, left), 6)
        left -= wait
        wait *= 2


def _decoded(raw: bytes) -> Any:
    if not raw:
        return None
    try:
        return json.loads(raw)
    except ValueError:
        return raw.decode(errors="replace")


def _retry_after(value: str | None) -> float:
    """Seconds to wait: ``Retry-After`` in seconds, or 1 when it is missing or a date."""
    try:
        return max(float(value), 0.0) if value else 1.0
    except ValueError:
        return 1.0
