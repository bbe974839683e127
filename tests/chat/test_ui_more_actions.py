"""A thread's "More actions" reads as Slack's icon button: its visible text is "More actions",
and the message it acts on only its accessible name. The page's text read each message twice,
the second time cut ("More actions on Dave Okafor's message “Good question: the HDMI ones…”"),
and a reader took the cut copy for the message."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.form_assertions import as_browser
from tests.helpers import ApiClient, log_in
from tests.page_words import shown_text


def test_more_actions_shows_no_copy_of_the_message(alice: ApiClient) -> None:
    html = as_browser(alice).get("/m/24").text
    summaries = re.findall(r"<summary([^>]*)>(.*?)</summary>", html, re.S)
    assert summaries, "no More actions on the thread"
    for attributes, shown in summaries:
        assert shown.strip() == "More actions", shown
        assert re.search(r'aria-label="More actions on [^"]+ message', attributes), attributes
    assert "More actions on" not in shown_text(html)


@pytest.mark.browser
def test_each_more_actions_box_is_named_by_its_message(live_service: Any, page: Any) -> None:
    """In the browser's accessibility tree each message's box is its own, "More actions on
    Grace Kim's message “…”" (named on the summary alone, every box read "More actions")."""
    chat = live_service("chat")
    log_in(page, chat.base_url, "alice", "alice-pass", "/m/28")
    tree = page.locator("main").aria_snapshot()
    named = re.findall(r'group "(More actions[^"]*)"', tree)
    assert len(named) >= 2 and len(set(named)) == len(named), tree
    assert all(re.match(r"More actions on .+'s message “", name) for name in named), named
