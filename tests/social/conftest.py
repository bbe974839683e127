"""One social service per test module (default seed), reset to its seed before each test.

Default seed (now = Monday 2026-03-02 09:00 UTC), users alice..oscar with password
'<name>-pass'. alice follows bob, carol, dave, erin, frank, grace, judy; alice muted frank and
blocked mallory; dave does not follow carol, whose 'carol-new-job' and 'carol-family' posts are
followers-only; ivan takes messages only from people he follows.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.helpers import ApiClient, expect
from tests.service_fixtures import service_fixtures

globals().update(
    service_fixtures("social", {"alice": "alice-pass"}, server="social_server", client="social")
)


@pytest.fixture
def login(social: ApiClient) -> Callable[[str], ApiClient]:
    return lambda username: social.as_user(username, f"{username}-pass")


def post_id(client: ApiClient, key_text: str) -> int:
    """The id of the post whose text starts with ``key_text`` (searched as its first word)."""
    found = expect(client.get("/api/posts", params={"q": key_text, "per_page": 100}), 200)
    (match,) = [p for p in found["items"] if p["text"].startswith(key_text)]
    return match["id"]
