"""A requester's own comment on their ticket reads as theirs, not as the desk's "Public reply"
(as Zendesk marks an end user's comment by its author), and the requester's other tickets say
each status once. Default seed: TK-1001 is Maria Gonzalez's, who has other tickets."""

from __future__ import annotations

import re

from tests.form_assertions import as_browser
from tests.helpers import ApiClient, expect
from tests.page_words import shown_text


def test_a_requester_comment_is_labelled_as_theirs(service: ApiClient) -> None:
    said = "Sorry, something came up; it still jams."
    ticket = expect(
        service.admin("POST", "/api/admin/tickets/TK-1001/requester-comments", json={"body": said}),
        201,
    )
    name = ticket["requester_name"]
    page = as_browser(service.as_user("alice", "alice-pass")).get("/tickets/TK-1001").text
    article = re.search(
        rf'<article class="zd-comment requester" aria-label="{name}, the requester, wrote">'
        r"(.*?)</article>",
        page,
        re.S,
    )
    assert article is not None, page[:3000]
    words = shown_text(article[1])
    assert f"{name} " in words and "Requester's comment" in words and said in words, words
    assert "Public reply" not in words and "reply by" not in page.split(said)[0][-600:]


def test_other_tickets_say_each_status_once(service: ApiClient) -> None:
    page = as_browser(service.as_user("alice", "alice-pass")).get("/tickets/TK-1001").text
    panel = page.split("Other tickets (", 1)[1].split("</ul>", 1)[0]
    items = [shown_text(i) for i in re.findall(r"<li>(.*?)</li>", panel, re.S)]
    assert items, panel
    for item in items:
        status = re.search(r"TK-\d+ · ([\w -]+?) · created", item)
        assert status is not None, item
        assert item.count(status[1]) == 1, item
