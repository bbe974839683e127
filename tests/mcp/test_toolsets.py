"""A task narrows and renames the tools in its seed (``"mcp"`` in a service's document): an
imported task presents its upstream tool names and argument names, backed by our services."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from mcp import Client, MCPError

from mock_services.core.seeding.seed import SeedError
from mock_services.registry import get_spec
from tests.conftest import running_service, seed_dir
from tests.mcp.conftest import run_session

ALIASED = {
    "tools": ["login", "find_products", "get_cart", "add_cart_item"],
    "aliases": {
        "find_products": {
            "tool": "list_products",
            "description": "Search the catalogue by keyword.",
            "arguments": {"query": "q"},
        }
    },
}


def shop_seed(toolset: dict[str, Any]) -> dict[str, Any]:
    return get_spec("shop").default_seed() | {"mcp": toolset}


@pytest.mark.process  # real servers with a toolset
def test_listed_tools_and_upstream_names(tmp_path: Path) -> None:
    async def steps(client: Client) -> Any:
        tools = {tool.name: tool for tool in (await client.list_tools()).tools}
        await client.call_tool("login", {"username": "alice", "password": "alice-pass"})
        found = await client.call_tool("find_products", {"query": "coffee"})
        with pytest.raises(MCPError, match="no tool 'checkout'; closest: "):  # not offered here
            await client.call_tool("checkout", {"address_id": 1, "payment_method_id": 1})
        return tools, found

    with running_service("shop", tmp_path, shop_seed(ALIASED)) as process:
        tools, found = run_session(process, "streamable-http", steps)
    assert list(tools) == ALIASED["tools"]
    schema = tools["find_products"].input_schema
    assert "query" in schema["properties"] and "q" not in schema["properties"]
    assert tools["find_products"].description == "Search the catalogue by keyword."
    assert not found.is_error and found.structured_content["total"] >= 1
    assert all("coffee" in str(item).lower() for item in found.structured_content["items"])


@pytest.mark.process  # real servers with a toolset
def test_read_only_keeps_login_and_reads(tmp_path: Path) -> None:
    async def steps(client: Client) -> Any:
        return (await client.list_tools()).tools

    with running_service("shop", tmp_path, shop_seed({"read_only": True})) as process:
        tools = run_session(process, "stdio", steps)
    names = {tool.name for tool in tools}
    assert {"login", "list_products", "get_cart"} <= names
    assert not names & {"checkout", "add_cart_item", "cancel_order"}
    assert all(tool.annotations.read_only_hint for tool in tools)


@pytest.mark.parametrize(
    ("toolset", "message"),
    [
        ({"tools": ["chekout"]}, "shop.mcp.tools[0]: no tool 'chekout'; closest: 'checkout'"),
        (
            {"aliases": {"search": {"tool": "list_products", "arguments": {"query": "qq"}}}},
            "shop.mcp.aliases.search.arguments.query: no argument 'qq'; closest: 'q'",
        ),
    ],
)
def test_a_toolset_naming_nothing_is_refused(
    tmp_path: Path, toolset: dict[str, Any], message: str
) -> None:
    with pytest.raises(SeedError) as caught:
        seed_dir(tmp_path, "shop", shop_seed(toolset))
    assert message in str(caught.value)
    assert not (tmp_path / "shop.db").exists()
