"""``invoke new-task --mcp`` declares the task's services as MCP servers, and the validator
checks every declared server against the task's services and their ports."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from taskkit.scaffold import ScaffoldError, ScaffoldOptions, new_task
from taskkit.task_load import load_task_config
from tests.toolkit.conftest import Scaffold, check, only

pytestmark = pytest.mark.process  # validation runs the verifier's describe in a subprocess

SHOP_URL = 'url = "http://127.0.0.1:1234/mcp"'


def test_the_scaffold_declares_one_streamable_http_server_per_service(scaffold: Scaffold) -> None:
    task = scaffold("mcp-order", "service", services=["shop", "email"], mcp=True)
    raw = tomllib.loads((task / "task.toml").read_text())
    assert raw["environment"]["mcp_servers"] == [
        {"name": "shop", "transport": "streamable-http", "url": "http://127.0.0.1:1234/mcp"},
        {"name": "email", "transport": "streamable-http", "url": "http://127.0.0.1:5001/mcp"},
    ]
    assert [s.name for s in load_task_config(task / "task.toml").environment.mcp_servers] == [
        "shop",
        "email",
    ]
    assert "MCP server" in (task / "README.md").read_text()


def test_without_mcp_no_server_is_declared(scaffold: Scaffold) -> None:
    task = scaffold("plain-order", "service", services=["shop"])
    assert "mcp_servers" not in tomllib.loads((task / "task.toml").read_text())["environment"]


def test_mcp_needs_services(repo: Path) -> None:
    with pytest.raises(ScaffoldError, match="--mcp declares the task's services"):
        new_task(repo, ScaffoldOptions("x", "static", mcp=True))


def test_a_scaffolded_mcp_task_validates_clean(scaffold: Scaffold, repo: Path) -> None:
    scaffold("mcp-order", "service", services=["shop", "email"], mcp=True)
    report = check(repo)
    assert [f for f in report.findings if f.rule.startswith("mcp-")] == []


def edit(task: Path, old: str, new: str) -> None:
    toml = task / "task.toml"
    text = toml.read_text()
    assert old in text
    toml.write_text(text.replace(old, new, 1))


@pytest.mark.parametrize(
    ("old", "new", "rule", "message"),
    [
        (SHOP_URL, 'url = "http://127.0.0.1:5000/mcp"', "mcp-server-mismatch", "port 1234"),
        (SHOP_URL, 'url = "http://127.0.0.1:1234/api"', "mcp-server-mismatch", "does not reach"),
        (SHOP_URL, 'url = "http://example.com:1234/mcp"', "mcp-server-mismatch", "expected http"),
        ('transport = "streamable-http"', 'transport = "sse"', "mcp-server-mismatch", "'sse'"),
        ('name = "shop"', 'name = "airline"', "mcp-server-unknown", "'airline' is not one"),
        ('name = "shop"', 'name = "bank"', "mcp-server-unknown", "['email', 'shop']"),
        (
            f'transport = "streamable-http"\n{SHOP_URL}',
            'transport = "stdio"\ncommand = "mock-services"\nargs = ["mcp", "email"]',
            "mcp-server-mismatch",
            "expected command 'mock-services', args ['mcp', 'shop']",
        ),
        (
            f'transport = "streamable-http"\n{SHOP_URL}',
            'transport = "stdio"\ncommand = "mock-services"\n'
            'args = ["mcp", "shop", "--url", "http://127.0.0.1:1235/mcp"]',
            "mcp-server-mismatch",
            "--url 'http://127.0.0.1:1235/mcp'",
        ),
    ],
)
def test_a_server_that_does_not_reach_its_service_is_named(
    scaffold: Scaffold, repo: Path, old: str, new: str, rule: str, message: str
) -> None:
    task = scaffold("mcp-order", "service", services=["shop", "email"], mcp=True)
    edit(task, old, new)
    (found,) = only(check(repo), rule)
    assert found.file == "tasks/mcp-order/task.toml"
    assert "environment.mcp_servers[0]" in found.message and message in found.message
    assert found.line is not None


@pytest.mark.parametrize(
    "stdio",
    [
        'command = "mock-services"\nargs = ["mcp", "shop"]',
        'command = "python3"\nargs = ["-m", "mock_services.cli", "mcp", "shop", "--url", '
        '"http://localhost:1234/mcp"]',
    ],
)
def test_a_stdio_bridge_to_the_service_is_accepted(
    scaffold: Scaffold, repo: Path, stdio: str
) -> None:
    task = scaffold("mcp-order", "service", services=["shop", "email"], mcp=True)
    edit(task, f'transport = "streamable-http"\n{SHOP_URL}', f'transport = "stdio"\n{stdio}')
    assert [f for f in check(repo).findings if f.rule.startswith("mcp-")] == []
