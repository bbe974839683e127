"""Calendar pages name people as Google Calendar does: a calendar's owner and the people it is
shared with by their names ("Bob Chen"), never by their usernames ("bob")."""

from __future__ import annotations

import re

from tests.form_assertions import as_browser
from tests.helpers import ApiClient
from tests.page_words import shown_text


def test_owners_and_shares_are_named_by_their_names(service: ApiClient) -> None:
    browser = as_browser(service.as_user("alice", "alice-pass"))
    listing = browser.get("/calendars").text
    rows = dict(re.findall(r'data-calendar-id="(\d+)">(.*?)</tr>', listing, re.S))
    launch = shown_text(next(r for r in rows.values() if "Product Launch" in r))
    assert "Alice Martin" in launch and "Bob Chen (writer), Dave Okafor (reader)" in launch
    assert " alice " not in f" {launch} " and "bob (" not in launch
    page = browser.get("/calendars/6").text
    assert "<strong>Owner:</strong> Alice Martin" in page
    assert "<td>Bob Chen</td>" in page and 'aria-label="Stop sharing with Bob Chen"' in page
    assert "<td>bob</td>" not in page
