"""``McpClient``: the stdlib MCP client that task scripts use, against a real service's /mcp."""

from __future__ import annotations

from pathlib import Path

import pytest

from mock_services.client import McpClient
from mock_services.registry import get_spec
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


def test_a_tool_that_says_try_again_is_retried_and_one_that_refuses_is_not(
    tmp_path: Path,
) -> None:
    seed = get_spec("todolist").default_seed() | {
        "faults": [
            {"route": "GET /api/tasks", "first_n": 1, "status": 429, "retry_after": 1},
            {"route": "POST /api/tasks", "first_n": 2, "status": 503},
        ]
    }
    with running_service("todolist", tmp_path, seed) as server:
        todo = McpClient(f"{server.url}/mcp", attempts=2).login("alice", "alice-pass")
        assert todo.call("list_tasks", per_page=100)["total"] >= 1  # after one 429
        with pytest.raises(RuntimeError, match="create_task: service_unavailable"):
            todo.call("create_task", title="Book the boiler service")  # two 503s: out of attempts
        assert (
            todo.call("create_task", title="Book the boiler service")["title"]
            == "Book the boiler service"
        )
        titles = [t["title"] for t in todo.call("list_tasks", per_page=100)["items"]]
        assert titles.count("Book the boiler service") == 1, titles
        with pytest.raises(RuntimeError, match="get_task: not_found"):
            todo.call("get_task", task_id=999_999)


def test_a_tool_errors_wait_is_read_in_each_wording_a_service_uses() -> None:
    from mock_services.client import TOOL_RETRY_AFTER

    for said, seconds in (
        ("Too many requests. Please slow down and retry after 3 seconds.", "3"),
        ("Too many requests. Please slow down and retry after 1 second.", "1"),
        ("The service is temporarily unavailable. Please try again in 2 seconds.", "2"),
    ):
        found = TOOL_RETRY_AFTER.search(said)
        assert found is not None and found[1] == seconds, said
