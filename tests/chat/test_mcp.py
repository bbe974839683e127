"""Chat as MCP tools: the tools an agent or a scripted colleague uses, their hints, a post's
structured answer, and the access rules as tool errors."""

from __future__ import annotations

import json
from typing import Any

from tests.helpers import ApiClient
from tests.mcp_session import McpSession


def _rpc(session: McpSession, method: str, **params: Any) -> dict[str, Any]:
    answer = session._send(method, session.headers, **params)
    return dict(answer.json()["result"])


def test_the_tools_are_the_operations_with_their_hints(alice: ApiClient) -> None:
    tools = {t["name"]: t for t in _rpc(McpSession(alice), "tools/list")["tools"]}
    for name in ("post_message", "reply_to_message", "open_dm", "add_reaction", "mark_read"):
        assert name in tools
    assert tools["list_messages"]["annotations"]["readOnlyHint"] is True
    assert tools["search_messages"]["annotations"]["readOnlyHint"] is True
    assert tools["delete_message"]["annotations"]["destructiveHint"] is True
    arguments = tools["post_message"]["inputSchema"]["properties"]
    assert {"conversation_id", "text", "files"} <= set(arguments)


def test_a_tool_posts_as_the_caller_and_answers_the_message(bob: ApiClient) -> None:
    session = McpSession(bob)
    result = _rpc(
        session,
        "tools/call",
        name="post_message",
        arguments={"conversation_id": 6, "text": "On it, @alice"},
    )
    posted = result["structuredContent"]
    assert (posted["author"], posted["conversation_id"], posted["mentions"]) == (
        "bob",
        6,
        ["alice"],
    )
    assert bob.audit()[-1]["via"] == "mcp"


def test_a_hidden_conversation_is_a_tool_error_naming_no_route(bob: ApiClient) -> None:
    result = _rpc(
        McpSession(bob),
        "tools/call",
        name="list_messages",
        arguments={"conversation_id": 4},
    )
    assert result["isError"] is True
    text = result["content"][0]["text"]
    assert text.startswith("not_found: no conversation 4")
    assert json.loads(text.split("\n", 1)[1])["error"]["code"] == "not_found"
