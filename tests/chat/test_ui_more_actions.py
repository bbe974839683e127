"""A thread's "More actions" reads as Slack's icon button: its visible text is "More actions",
and the message it acts on only its accessible name. The page's text read each message twice,
the second time cut ("More actions on Dave Okafor's message “Good question: the HDMI ones…”"),
and a reader took the cut copy for the message."""

from __future__ import annotations

import re

from tests.form_assertions import as_browser
from tests.helpers import ApiClient
from tests.page_words import shown_text


def test_more_actions_shows_no_copy_of_the_message(alice: ApiClient) -> None:
    html = as_browser(alice).get("/m/24").text
    summaries = re.findall(r"<summary([^>]*)>(.*?)</summary>", html, re.S)
    assert summaries, "no More actions on the thread"
    for attributes, shown in summaries:
        assert shown.strip() == "More actions", shown
        assert re.search(r'aria-label="More actions on [^"]+ message', attributes), attributes
    assert "More actions on" not in shown_text(html)
