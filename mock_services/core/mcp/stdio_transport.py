"""``mock-services mcp SERVICE``: the service's MCP tools over stdio, for clients that launch
their servers as commands.

It is a bridge between the official SDK's two transports: each message read from stdin goes to
the running service's ``/mcp`` (streamable HTTP), each answer comes back on stdout. So a stdio
session sees exactly the tools, sessions and audit log of the HTTP endpoint, and needs no
access to the service's DB (in a task image, the agent's user cannot read it).
"""

from __future__ import annotations

import sys
from typing import Any

import anyio
from mcp.client.streamable_http import streamable_http_client
from mcp.server.stdio import stdio_server
from mcp.shared._httpx_utils import create_mcp_http_client


async def _pump(source: Any, sink: Any) -> None:
    """Forward messages until ``source`` ends; a transport error is reported, not forwarded."""
    async for item in source:
        if isinstance(item, Exception):
            print(f"mcp bridge: {item}", file=sys.stderr)
            continue
        await sink.send(item)


async def bridge(url: str, token: str | None = None) -> None:
    """Serve stdin/stdout as an MCP client of ``url`` until stdin closes."""
    headers = {"Authorization": f"Bearer {token}"} if token else None
    async with (
        create_mcp_http_client(headers=headers) as http,
        streamable_http_client(url, http_client=http) as (from_service, to_service),
        stdio_server() as (from_client, to_client),
        anyio.create_task_group() as tasks,
    ):
        tasks.start_soon(_pump, from_service, to_client)
        await _pump(from_client, to_service)
        tasks.cancel_scope.cancel()


def serve_stdio(url: str, token: str | None = None) -> None:
    anyio.run(bridge, url, token)
