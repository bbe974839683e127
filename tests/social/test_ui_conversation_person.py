"""A conversation leads to the person, as X's DM header does: the heading links the profile and
Mute and Block are at hand; once blocked, neither the conversation nor the profile offers to
write to or follow the person (the rules refuse both), as X shows "You blocked this account"."""

from __future__ import annotations

import re
from collections.abc import Callable

from tests.form_assertions import as_browser
from tests.page_words import shown_text


def test_conversation_heading_links_the_profile_and_offers_block(login: Callable) -> None:
    alice = as_browser(login("alice"))
    page = alice.get("/messages/bob").text
    heading = re.search(r'<h1 id="thread-title".*?</h1>', page, re.S)
    assert heading and 'href="/u/bob"' in heading[0], heading
    assert 'id="block"' in page and 'id="mute"' in page and 'id="send-form"' in page
    blocked = alice.post("/u/bob/block", data={"next": "/messages/bob"}).text
    assert 'id="thread-title"' in blocked, "the block did not lead back to the conversation"
    assert 'id="send-form"' not in blocked and 'id="send"' not in blocked
    assert "You blocked this account" in shown_text(blocked)
    assert 'id="unblock"' in blocked and 'id="block"' not in blocked
    profile = alice.get("/u/bob").text
    assert 'id="follow"' not in profile and 'id="message"' not in profile
    assert 'id="unblock"' in profile


def test_an_already_blocked_account_offers_no_composer(login: Callable) -> None:
    alice = as_browser(login("alice"))
    page = alice.get("/messages/mallory").text
    assert 'id="send-form"' not in page and "You blocked this account" in shown_text(page)
    mallory = as_browser(login("mallory"))
    theirs = mallory.get("/messages/alice").text
    assert 'id="send-form"' not in theirs and "has blocked you" in shown_text(theirs)
    assert 'href="/u/alice"' not in theirs, "a link to a profile mallory may not see"
