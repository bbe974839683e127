"""A KB page names its watchers and its author's picture by their names, as Confluence does,
never by usernames."""

from __future__ import annotations

import re

from tests.form_assertions import as_browser
from tests.helpers import ApiClient, expect


def test_watchers_are_named_by_their_names(alice: ApiClient) -> None:
    watched = next(
        p
        for p in expect(alice.get("/api/pages", params={"per_page": 100}), 200)["items"]
        if expect(alice.get(f"/api/pages/{p['id']}"), 200).get("watchers")
    )
    detail = expect(alice.get(f"/api/pages/{watched['id']}"), 200)
    page = as_browser(alice).get(f"/pages/{watched['id']}").text
    said = re.search(r"watchers: ([^<]*)</span>", page)
    assert said is not None
    people = expect(alice.get("/api/users"), 200)["items"]
    users = {u["username"]: u["display_name"] for u in people}
    assert said[1] == ", ".join(users[w] for w in detail["watchers"])
