"""An MCP session's login lasts until something ends it, in every worker: its logout tool, an
``/admin/reset``, a login as someone else, or the client ending the session. Each tool call
reads the session's token in its own request's transaction, so no worker acts on a stale one."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import requests

from mock_services.core.serve.process import ServiceProcess, free_port
from tests.conftest import running_service
from tests.helpers import ApiClient, expect
from tests.mcp.conftest import db_rows

pytestmark = pytest.mark.process  # MCP sessions on real servers (two processes, workers)

ACCEPT = {"Accept": "application/json, text/event-stream"}


class RawMcpSession:
    """One MCP session (one ``Mcp-Session-Id``) whose JSON-RPC POSTs may go to any server."""

    def __init__(self, url: str) -> None:
        hello = self._post(url, "initialize", {"protocolVersion": "2025-06-18"}, ACCEPT)
        self.headers = {**ACCEPT, "Mcp-Session-Id": hello.headers["Mcp-Session-Id"]}

    @staticmethod
    def _post(url: str, method: str, params: dict[str, Any], headers: dict[str, str]) -> Any:
        message = {"jsonrpc": "2.0", "id": 1, "method": method, "params": params}
        return requests.post(url + "/mcp", json=message, headers=headers, timeout=30)

    def call(self, url: str, tool: str, **arguments: Any) -> dict[str, Any]:
        """The tool's result (``isError`` set for a tool error)."""
        params = {"name": tool, "arguments": arguments}
        return expect(self._post(url, "tools/call", params, self.headers), 200)["result"]

    def user(self, url: str) -> str:
        """Whom ``get_profile`` answers for; fails on a tool error."""
        result = self.call(url, "get_profile")
        assert not result.get("isError"), result["content"][0]["text"]
        return result["structuredContent"]["username"]

    def login(self, url: str, username: str) -> None:
        result = self.call(url, "login", username=username, password=f"{username}-pass")
        assert not result.get("isError"), result["content"][0]["text"]

    def end(self, url: str) -> None:
        assert requests.delete(url + "/mcp", headers=self.headers, timeout=30).status_code == 204


def refused_status(result: dict[str, Any]) -> int:
    """The HTTP status a tool error carries (its text ends with our error document)."""
    assert result.get("isError"), f"expected a tool error, got {result}"
    return json.loads(result["content"][0]["text"].partition("\n")[2])["status"]


def reset(process: ServiceProcess) -> None:
    expect(ApiClient(process.url, process.admin_token).admin("POST", "/admin/reset"), 200)


@pytest.fixture(scope="module")
def shop(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServiceProcess]:
    """The shop with two workers, as ``mock-services serve`` runs it."""
    with running_service("shop", tmp_path_factory.mktemp("shop"), workers=2) as process:
        yield process


@pytest.mark.attack
@pytest.mark.parametrize("method", ["tools/call", "tools/list", "notifications/initialized"])
def test_a_session_id_the_server_did_not_issue_gets_404(shop: ServiceProcess, method: str) -> None:
    """A client cannot choose its session (and so reach another client's login): an id that
    initialize did not issue is unknown, as the transport answers an expired one."""
    issued = RawMcpSession(shop.url).headers["Mcp-Session-Id"]
    for chosen in ("my-own-session", issued + "x", issued.partition(".")[0]):
        headers = {**ACCEPT, "Mcp-Session-Id": chosen}
        message = {"jsonrpc": "2.0", "method": method, "params": {"name": "get_profile"}}
        if not method.startswith("notifications/"):
            message["id"] = 7
        answer = requests.post(shop.url + "/mcp", json=message, headers=headers, timeout=30)
        assert answer.status_code == 404, answer.text
        error = answer.json()["error"]
        assert error["code"] == -32600 and "send 'initialize' first" in error["message"]
        assert answer.json()["id"] == message.get("id")
        ended = requests.delete(shop.url + "/mcp", headers=headers, timeout=30)
        assert ended.status_code == 404


def test_initialize_issues_a_new_id_whatever_the_client_sends(shop: ServiceProcess) -> None:
    hello = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {}}
    headers = {**ACCEPT, "Mcp-Session-Id": "my-own-session"}
    answer = requests.post(shop.url + "/mcp", json=hello, headers=headers, timeout=30)
    assert expect(answer, 200)["result"]["serverInfo"]["name"] == "mock-shop"
    assert answer.headers["Mcp-Session-Id"] != "my-own-session"


def test_logout_then_a_tool_call_is_refused(shop: ServiceProcess) -> None:
    session = RawMcpSession(shop.url)
    session.login(shop.url, "alice")
    assert session.user(shop.url) == "alice"
    assert not session.call(shop.url, "logout").get("isError")
    for _ in range(4):  # whichever worker answers
        assert refused_status(session.call(shop.url, "get_profile")) == 401
    assert db_rows(shop, "SELECT count(*) FROM _mcp_sessions") == [(0,)]


def test_a_reset_ends_every_mcp_session(shop: ServiceProcess) -> None:
    session = RawMcpSession(shop.url)
    session.login(shop.url, "alice")
    for _ in range(4):  # both workers have served the session
        assert session.user(shop.url) == "alice"
    reset(shop)
    for _ in range(4):
        assert refused_status(session.call(shop.url, "get_profile")) == 401


def test_a_bearer_token_in_the_post_takes_precedence_over_the_session(
    shop: ServiceProcess,
) -> None:
    session = RawMcpSession(shop.url)
    session.login(shop.url, "alice")
    bob = ApiClient(shop.url, shop.admin_token).login("bob", "bob-pass")
    session.headers["Authorization"] = bob.http.headers["Authorization"]
    assert session.user(shop.url) == "bob"
    del session.headers["Authorization"]
    assert session.user(shop.url) == "alice"


def test_two_server_processes_see_each_others_session_changes(tmp_path: Path) -> None:
    """Two servers on one data directory stand for two workers, addressed one by one: what one
    does to a session (login, logout, login as another user, reset, end) the other sees at its
    next call."""
    with running_service("shop", tmp_path) as first:
        second = ServiceProcess("shop", free_port(), tmp_path).start()
        try:
            a, b = first.url, second.url
            session = RawMcpSession(a)
            session.login(a, "alice")
            assert (session.user(a), session.user(b)) == ("alice", "alice")
            session.login(b, "bob")
            assert (session.user(a), session.user(b)) == ("bob", "bob")
            assert not session.call(b, "logout").get("isError")
            assert refused_status(session.call(a, "get_profile")) == 401
            session.login(a, "alice")
            assert session.user(b) == "alice"
            reset(second)
            assert refused_status(session.call(a, "get_profile")) == 401
            session.login(b, "bob")
            assert session.user(a) == "bob"
            session.end(a)
            assert refused_status(session.call(b, "get_profile")) == 401
        finally:
            second.stop()
