""" "Who to follow" and the trends sit in a complementary region beside the page's main content,
as on X, not inside it: a reader of the main region took @cityevents, a suggestion, for someone
the user follows. A blocked profile says its posts are hidden, with no post count that is not
true. Default seed: alice follows bob, carol, dave, erin, frank, grace, judy and blocked
mallory."""

from __future__ import annotations

import re

from tests.form_assertions import as_browser
from tests.helpers import ApiClient


def _main(page: str) -> str:
    found = re.search(r"<main>(.*)</main>", page, re.S)
    assert found is not None
    return found[1]


def test_the_side_boxes_are_beside_main_not_in_it(social: ApiClient) -> None:
    browser = as_browser(social.as_user("alice", "alice-pass"))
    for address in ("/u/alice/following", "/", "/u/bob"):
        page = browser.get(address).text
        main = _main(page)
        assert "Who to follow" not in main and "What's happening" not in main, address
        assert "<aside" not in main, address
        beside = page.split("</main>", 1)[1]
        aside = re.search(r'<aside class="x-side" aria-label="[^"]+">(.*?)</aside>', beside, re.S)
        assert aside is not None, address
        headings = re.findall(r"<h2[^>]*>([^<]+)</h2>", aside[1])
        assert "Who to follow" in headings, (address, headings)


def test_a_blocked_profile_says_its_posts_are_hidden_without_a_count(social: ApiClient) -> None:
    page = as_browser(social.as_user("alice", "alice-pass")).get("/u/mallory").text
    text = " ".join(re.sub(r"<[^>]+>", " ", _main(page)).split())
    assert "You blocked them. Their posts are hidden while you block them." in text, text[:1500]
    assert "Unblock @mallory to see their posts." in text
    assert not re.search(r"\b\d+ posts?\b", text), text[:1500]
    assert "hasn't posted" not in text
