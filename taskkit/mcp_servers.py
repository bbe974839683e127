"""A task's ``[[environment.mcp_servers]]``: the entry of a mock service (the scaffold writes
them) and what is wrong with a declared one, against the task's services and their ports."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from mock_services.registry import get_spec
from taskkit.task_model import McpServer

MCP_PATH = "/mcp"
LOCAL_HOSTS = ("127.0.0.1", "localhost")
STDIO_COMMANDS = ("mock-services",)  # also ``python3 -m mock_services.cli``


def service_port(service: str) -> int:
    return get_spec(service).port


def service_mcp_url(service: str) -> str:
    """Where the agent reaches ``service``'s MCP tools: its own port, inside the container."""
    return f"http://127.0.0.1:{service_port(service)}{MCP_PATH}"


def mcp_server_entry(service: str) -> dict[str, Any]:
    """The ``[[environment.mcp_servers]]`` table of ``service`` (streamable HTTP)."""
    return {"name": service, "transport": "streamable-http", "url": service_mcp_url(service)}


def mcp_server_problems(server: McpServer, services: list[str]) -> list[tuple[str, str]]:
    """``(rule, message)`` for each way ``server`` is not one of ``services``' MCP servers:
    ``mcp-server-unknown`` (not a service of the task) or ``mcp-server-mismatch`` (a url,
    port, transport or stdio command that does not reach it)."""
    if server.name not in services:
        return [
            (
                "mcp-server-unknown",
                f"MCP server {server.name!r} is not one of the task's services "
                f"{sorted(services)} (the server's name is the service's)",
            )
        ]
    if server.transport == "sse":
        return [
            (
                "mcp-server-mismatch",
                f"{server.name}: transport 'sse' is not served; expected 'streamable-http' "
                f"(url {service_mcp_url(server.name)}) or 'stdio'",
            )
        ]
    if server.transport == "stdio":
        return _stdio_problems(server)
    return _url_problems(server.name, server.url or "", "url")


def _url_problems(service: str, url: str, where: str) -> list[tuple[str, str]]:
    parts = urlsplit(url)
    try:
        port = parts.port
    except ValueError:
        port = None
    if parts.hostname in LOCAL_HOSTS and port == service_port(service) and parts.path == MCP_PATH:
        return []
    return [
        (
            "mcp-server-mismatch",
            f"{service}: {where} {url!r} does not reach the service; expected "
            f"{service_mcp_url(service)} (port {service_port(service)} in the service map)",
        )
    ]


def _stdio_problems(server: McpServer) -> list[tuple[str, str]]:
    command = [server.command or "", *server.args]
    if command[:3] == ["python3", "-m", "mock_services.cli"]:
        command = ["mock-services", *command[3:]]
    expected = f"command 'mock-services', args ['mcp', '{server.name}']"
    if command[0] not in STDIO_COMMANDS or command[1:3] != ["mcp", server.name]:
        return [("mcp-server-mismatch", f"{server.name}: stdio {command}; expected {expected}")]
    if "--url" in command:
        at = command.index("--url") + 1
        return _url_problems(server.name, command[at] if at < len(command) else "", "--url")
    return []
