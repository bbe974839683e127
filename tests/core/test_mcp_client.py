"""``McpClient``: the stdlib MCP client that task scripts use, against a real service's /mcp."""

from __future__ import annotations

from pathlib import Path

import pytest

from mock_services.client import McpClient
from tests.conftest import running_service

pytestmark = pytest.mark.process  # a real server


def test_a_script_logs_in_lists_tools_and_calls_them_as_an_agent_would(tmp_path: Path) -> None:
    with running_service("todolist", tmp_path) as server:
        todo = McpClient(f"{server.url}/mcp").login("alice", "alice-pass")
        assert {"login", "list_tasks", "create_task"} <= set(todo.tools())
        created = todo.call("create_task", title="Renew passport")
        assert created["title"] == "Renew passport"
        listed = todo.call("list_tasks", per_page=100)["items"]
        assert created["id"] in [task["id"] for task in listed]
        with pytest.raises(RuntimeError, match="get_task"):
            todo.call("get_task", task_id=999_999)
        anonymous = McpClient(f"{server.url}/mcp")
        with pytest.raises(RuntimeError, match="list_tasks"):
            anonymous.call("list_tasks")
