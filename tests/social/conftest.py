"""One live social server per test module (default seed), reset to its seed before each test.

Default seed (now = Monday 2026-03-02 09:00 UTC), users alice..oscar with password
'<name>-pass'. alice follows bob, carol, dave, erin, frank, grace, judy; alice muted frank and
blocked mallory; dave does not follow carol, whose 'carol-new-job' and 'carol-family' posts are
followers-only; ivan takes messages only from people he follows.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest

from mock_services.core.process import ServiceProcess
from tests.conftest import running_service
from tests.helpers import ApiClient, expect


@pytest.fixture(scope="module")
def social_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServiceProcess]:
    with running_service("social", tmp_path_factory.mktemp("social")) as process:
        yield process


@pytest.fixture
def social(social_server: ServiceProcess) -> ApiClient:
    """An anonymous client on a freshly reset service."""
    client = ApiClient(social_server.url, social_server.admin_token)
    expect(client.admin("POST", "/admin/reset"), 200)
    return client


@pytest.fixture
def login(social: ApiClient) -> Callable[[str], ApiClient]:
    return lambda username: social.as_user(username, f"{username}-pass")


@pytest.fixture
def alice(login: Callable[[str], ApiClient]) -> ApiClient:
    return login("alice")


def post_id(client: ApiClient, key_text: str) -> int:
    """The id of the post whose text starts with ``key_text`` (searched as its first word)."""
    found = expect(client.get("/api/posts", params={"q": key_text, "per_page": 100}), 200)
    (match,) = [p for p in found["items"] if p["text"].startswith(key_text)]
    return match["id"]
