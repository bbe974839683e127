"""A KB page names its watchers, its author's picture and a space's grants by their names, as
Confluence does, never by usernames."""

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


def test_a_spaces_grants_name_people_by_their_names(alice: ApiClient) -> None:
    page = as_browser(alice).get("/spaces/ENG").text
    people = expect(alice.get("/api/users"), 200)["items"]
    ivan = next(u["display_name"] for u in people if u["username"] == "ivan")
    assert f'id="remove-ivan">Remove {ivan}\'s grant</button>' in page
    picker = re.search(r'<select id="grant-username".*?</select>', page, re.S)
    assert picker is not None and re.search(rf'value="ivan"\s*>{ivan}</option>', picker[0])
