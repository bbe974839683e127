"""A real MCP session over a service's ``/mcp``, for tests that call its tools."""

from __future__ import annotations

import json
from typing import Any

from tests.helpers import ApiClient

MCP_HEADERS = {"Accept": "application/json, text/event-stream", "Content-Type": "application/json"}


class McpSession:
    """A real MCP session over the service's ``/mcp``, as a client's first calls open it."""

    def __init__(self, client: ApiClient) -> None:
        self.client = client
        opened = self._send(
            "initialize",
            protocolVersion="2025-06-18",
            capabilities={},
            clientInfo={"name": "operations-test", "version": "1"},
        )
        self.headers = {
            **MCP_HEADERS,
            "Mcp-Session-Id": opened.headers["Mcp-Session-Id"],
            "MCP-Protocol-Version": "2025-06-18",
        }

    def _send(self, method: str, headers: dict[str, str] = MCP_HEADERS, **params: Any) -> Any:
        message = {"jsonrpc": "2.0", "id": 1, "method": method, "params": params}
        answer = self.client.post("/mcp", headers=headers, data=json.dumps(message))
        assert answer.status_code == 200, f"{method}: {answer.status_code} {answer.text[:300]}"
        return answer

    def call(self, tool: str, arguments: dict[str, Any]) -> dict[str, Any]:
        """The tool's result (``isError`` set for a tool error)."""
        answer = self._send("tools/call", self.headers, name=tool, arguments=arguments)
        result: dict[str, Any] = answer.json()["result"]
        return result
