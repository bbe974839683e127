"""A conversation's details name its creator and members by their names, as Slack does
("Created by Dave Okafor"), never by their usernames ("by dave")."""

from __future__ import annotations

import re

from tests.form_assertions import as_browser
from tests.helpers import ApiClient


def test_details_name_the_creator_and_members_by_their_names(alice: ApiClient) -> None:
    page = as_browser(alice).get("/c/1/details").text
    assert "<dd>by Dave Okafor," in page and "by dave," not in page
    members = re.findall(r'href="/people/(\w+)">([^<]+)</a>', page)
    assert ("dave", "Dave Okafor") in members and ("alice", "Alice Martin") in members
    assert all(shown != handle for handle, shown in members)
