"""The Chat UI: the sidebar's unread counts in words, messages by day in the reader's own zone,
reactions named by their message, threads, refused forms shown again with what was typed, the
access rules as pages, and a browser sample driven by roles and names."""

from __future__ import annotations

import re
from collections import Counter
from html import unescape
from types import SimpleNamespace
from typing import Any

import pytest

from mock_services.chat.ui import user_zone_of
from tests.form_assertions import as_browser, assert_action_refused, assert_form_refused
from tests.helpers import ApiClient, expect, log_in
from tests.page_words import shown_text


def _plain(html: str) -> str:
    return " ".join(re.sub(r"<[^>]*>", " ", html).split())


def test_the_sidebar_says_unread_counts_in_words(alice: ApiClient) -> None:
    html = as_browser(alice).get("/").text
    found = re.search(r'<nav class="chat-sidebar side".*?</nav>', html, re.S)
    assert found is not None and html.index("</nav>", found.start()) < html.index("<main>")
    sidebar = _plain(found[0])
    assert "atlas-launch (3 unread)" in sidebar
    assert "Bob Chen (2 unread)" in sidebar
    assert "leadership" in sidebar and "leadership (" not in sidebar  # nothing unread there
    assert "offsite-2025" not in sidebar  # archived
    assert "Frank Müller, Dave" not in sidebar  # dave and frank's dm is not alice's


def test_messages_are_grouped_by_day_in_the_readers_zone(alice: ApiClient, bob: ApiClient) -> None:
    """Sunday 1 March 10:00 UTC is 05:00 for alice (New York) and 10:00 for bob (London)."""
    for_alice = _plain(as_browser(alice).get("/c/1").text)
    for_bob = _plain(as_browser(bob).get("/c/1").text)
    days = re.findall(
        r"(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday) \d+ \w+ 2026", for_alice
    )
    assert days == sorted(set(days), key=days.index)  # each day once, in order
    assert "Sunday 1 March 2026" in days and "Monday 2 March 2026" in days
    heads_up = "Erin Walsh Sat 28 Feb 09:20 EST"  # "-2d 14:20" UTC in New York
    assert heads_up in for_alice
    assert "Erin Walsh Sat 28 Feb 14:20 GMT" in for_bob


def test_reaction_buttons_name_their_message(alice: ApiClient) -> None:
    html = as_browser(alice).get("/c/1").text
    assert (
        'aria-label="Remove your thumbs up reaction (3) from Erin Walsh&#39;s message '
        '\u201cReminder: expense reports for February are due Friday.\u201d"' in html
    )
    assert 'aria-label="React with clapping hands (1) to Grace Kim&#39;s message' in html
    assert not re.search(r'aria-label="[^"]*:\w+:', html), "a control named by a shortcode"


def test_the_404_page_keeps_the_sidebar_and_every_page_one_zone(alice: ApiClient) -> None:
    """An error page lists the reader's channels and DMs as every page does, and the header's
    "Today" is in the zone the workspace shows times in, not the server's UTC."""
    browser = as_browser(alice)
    home = browser.get("/").text
    missing = browser.get("/nope", headers={"Accept": "text/html"})
    assert missing.status_code == 404

    def listed(page: str) -> list[str]:
        sidebar = re.search(r'<nav class="chat-sidebar side".*?</nav>', page, re.S)
        assert sidebar, "no sidebar"
        return re.findall(r'<li><a href="(/c/\d+)"', sidebar[0])

    assert len(listed(home)) > 2 and listed(missing.text) == listed(home)
    assert "Your channels" not in missing.text and "Your direct messages" not in missing.text
    for page in (home, missing.text):
        today = re.search(r'<time id="today"[^>]*>([^<]*)</time>', page)
        assert today and today[1].endswith("(EST)"), today and today[1]
        assert "times in America/New_York" in page


def _accessible_names(html: str) -> list[str]:
    """Each field's label (by ``for`` or wrapping it), each button's and link's name."""
    html = re.sub(r"<svg\b.*?</svg>", "", html, flags=re.DOTALL)  # icons are decorative
    html = re.sub(r"<img\b[^>]*>", "", html)

    def name(tag: str, inner: str) -> str:
        label = re.search(r'\baria-label="([^"]*)"', tag)
        return label[1] if label else " ".join(re.sub(r"<[^>]*>", " ", inner).split())

    labels = {
        k: _plain(v) for k, v in re.findall(r'<label for="([^"]+)">(.*?)</label>', html, re.S)
    }
    names = [
        labels.get(field_id) or f"unlabelled #{field_id}"
        for field_id in re.findall(r'<(?:input|select|textarea)\b[^>]*\bid="([^"]+)"', html)
        if '<label><input type="checkbox" name' not in html or field_id in labels
    ]
    names += [name(t, i) for t, i in re.findall(r"(<button\b[^>]*>)(.*?)</button>", html, re.S)]
    return names


@pytest.mark.parametrize(
    "path",
    [
        "/",
        "/c/1",
        "/c/3",
        "/c/3/details",
        "/m/24",
        "/m/4",
        "/browse",
        "/people",
        "/search?q=launch",
        "/files/1",
    ],
)
def test_every_control_has_its_own_accessible_name(alice: ApiClient, path: str) -> None:
    names = _accessible_names(as_browser(alice).get(path).text)
    assert not [n for n in names if n.startswith("unlabelled")], names
    assert [n for n, count in Counter(names).items() if count > 1] == []


def test_a_thread_page_shows_the_replies_and_asks_before_deleting(alice: ApiClient) -> None:
    html = as_browser(alice).get("/m/24").text
    text = _plain(html)
    assert "3 replies" in text and "Done in v4." in text
    # alice's own reply (27) may be deleted, behind a dialog; carol's may not
    assert 'id="confirm-delete-27"' in html and "confirm-delete-26" not in html
    assert re.search(r"Delete Alice Martin\S+ message “[^”]+”…", text), text[-2000:]


def test_a_refused_message_keeps_what_was_typed(service: ApiClient, alice: ApiClient) -> None:
    browser = as_browser(alice)
    form = {"text": "Ask @zoe about pricing"}
    response = browser.post(
        "/c/3/messages", data=form, headers={"Referer": f"{service.base_url}/c/3"}
    )
    assert_form_refused(response, errors={"text": "@zoe is not a member"}, kept=form)
    assert "Ask @zoe" not in str(expect(alice.get("/api/search", params={"q": "zoe"}), 200))


def test_a_refused_channel_name_says_what_is_expected(service: ApiClient, alice: ApiClient) -> None:
    form = {"name": "Launch Room", "topic": "kept"}
    response = as_browser(alice).post(
        "/channels", data=form, headers={"Referer": f"{service.base_url}/browse"}
    )
    assert_form_refused(response, errors={"name": "expected lowercase letters"}, kept=form)


def test_an_archived_channel_offers_no_composer_and_refuses_a_post(
    service: ApiClient, alice: ApiClient
) -> None:
    browser = as_browser(alice)
    page = browser.get("/c/5").text
    assert "This channel is archived" in page and 'id="composer-text"' not in page
    refused = browser.post(
        "/c/5/messages", data={"text": "hello"}, headers={"Referer": f"{service.base_url}/c/5"}
    )
    assert_action_refused(refused, 409, "#offsite-2025 is archived")


def test_a_hidden_conversation_is_not_found_as_a_page(bob: ApiClient) -> None:
    page = as_browser(bob).get("/c/4", headers={"Accept": "text/html"})
    assert page.status_code == 404 and "no conversation 4" in page.text


def test_a_public_channel_offers_joining_to_a_non_member(erin: ApiClient) -> None:
    page = _plain(as_browser(erin).get("/c/3").text)
    assert "Join #atlas-launch" in page and "Message #atlas-launch" not in page


def test_search_and_files_pages(alice: ApiClient) -> None:
    browser = as_browser(alice)
    found = _plain(browser.get("/search", params={"q": "from:@frank rounding"}).text)
    assert "1 result" in found and "Found a rounding issue" in found
    file_page = _plain(browser.get("/files/1").text)
    assert "atlas-launch-checklist.md" in file_page and "Atlas launch checklist" in file_page
    download = browser.get("/files/1/download")
    assert download.status_code == 200 and download.text.startswith("# Atlas launch checklist")
    assert "attachment" in download.headers["Content-Disposition"]


@pytest.mark.browser
def test_a_member_replies_in_a_thread_and_reacts_in_the_browser(
    service: ApiClient, page: Any
) -> None:
    """Every control is reached by its role and accessible name, as a browsing agent does."""
    base = service.base_url
    log_in(page, base, "alice", "alice-pass", "/")
    page.get_by_role("link", name="atlas-launch (3 unread)").click()
    page.get_by_role(
        "link", name=re.compile(r"^1 reply to Frank Müller's message .Found a rounding")
    ).click()
    page.wait_for_url(re.compile(r"/m/36$"))  # loaded, its script ready for the typing
    box = page.get_by_label("Reply in thread")
    box.fill("Thanks ")
    box.press("End")
    box.press_sequentially("@da")
    page.get_by_role("option", name="Dave Okafor (@dave)").click()  # the mention suggestion
    box.press("End")
    box.type("I can review too.")
    page.get_by_role("button", name="Reply").click()
    page.get_by_role("link", name="Back to #atlas-launch").click()
    page.get_by_role(
        "button",
        name=re.compile(r"^React with eyes \(1\) to Dave Okafor's message .Launch go.no.go"),
    ).click()
    page.get_by_role("button", name="Mark all as read").click()
    assert "Marked #atlas-launch as read." in page.inner_text("[role=alert]")

    alice = service.as_user("alice", "alice-pass")
    thread = expect(alice.get("/api/messages/36/replies"), 200)["items"]
    assert (thread[-1]["text"], thread[-1]["mentions"]) == (
        "Thanks @dave I can review too.",
        ["dave"],
    )
    launch = expect(alice.get("/api/messages/34"), 200)
    assert {r["emoji"]: r["users"] for r in launch["reactions"]}["eyes"] == ["frank", "alice"]
    assert expect(alice.get("/api/conversations/3"), 200)["unread_count"] == 0


def test_the_first_unread_message_is_marked_new(alice: ApiClient) -> None:
    """alice read #atlas-launch up to 06:00 UTC: dave's 07:00 message is her first unread."""
    expect(alice.post("/api/conversations/1/read", json={}), 200)  # as alice, with her token
    browser = as_browser(alice)
    text = _plain(browser.get("/c/3").text)
    assert text.count("New messages") == 1
    after = text[text.index("New messages") :]
    assert after.split(" Dave Okafor ")[0] == "New messages"
    assert "New messages" not in browser.get("/c/1").text  # all read there


@pytest.mark.parametrize(
    ("timezone", "shown"), [("Asia/Tokyo", "Asia/Tokyo"), ("Mars/Olympus", "UTC"), ("", "UTC")]
)
def test_times_are_shown_in_the_persons_zone_or_utc_when_it_cannot_be_read(
    timezone: str, shown: str
) -> None:
    ctx: Any = SimpleNamespace(shown_user=lambda: SimpleNamespace(timezone=timezone))
    assert user_zone_of(ctx).key == shown


def test_messages_that_share_a_minute_show_their_seconds(alice: ApiClient) -> None:
    """The frozen clock moves a second per request: two messages posted in a row share a minute,
    so the conversation and the thread show seconds to tell which came last; a conversation
    whose messages are minutes apart keeps minutes."""
    first = expect(alice.post("/api/conversations/7/messages", json={"text": "Lunch?"}), 201)
    expect(alice.post(f"/api/messages/{first['id']}/replies", json={"text": "At noon"}), 201)
    expect(alice.post("/api/conversations/7/messages", json={"text": "Or one?"}), 201)
    browser = as_browser(alice)
    assert not re.search(r"\d\d:\d\d:\d\d [A-Z]{3}", _plain(browser.get("/c/1").text))
    for path in ("/c/7", f"/m/{first['id']}"):
        shown = _plain(browser.get(path).text)
        stamps = re.findall(r"Alice Martin \w{3} \d+ \w{3} (\d\d:\d\d:\d\d) [A-Z]{3}", shown)
        assert len(stamps) >= 2 and stamps[-2] < stamps[-1], (path, stamps)  # the latest last


@pytest.mark.parametrize("path", ["/c/1", "/c/2", "/m/20"])
def test_message_controls_are_named_by_what_the_reader_sees(alice: ApiClient, path: str) -> None:
    """A message's controls name it by its author and opening words, cut at the end of a word
    with "…" (they ended in an internal number, "(#20)", and cut "The checkl..."), unique on
    the page."""
    html = as_browser(alice).get(path).text
    names = [unescape(n) for n in re.findall(r'aria-label="([^"]*message[^"]*)"', html)]
    assert names and not [n for n in names if re.search(r"\(#\d+\)|\.\.\.", n)], names
    for quote in re.findall(r"\u201c([^\u201d]*)\u2026\u201d", " ".join(names)):
        assert quote == quote.rstrip() and len(quote) <= 60, quote
    labels = re.findall(r'<(?:button|a)\b[^>]*aria-label="([^"]+)"', html)
    assert len(labels) == len(set(labels)), [n for n in labels if labels.count(n) > 1]


def test_a_pin_and_its_notice_name_people_and_the_message(service: ApiClient) -> None:
    """A pinned message says who pinned it by name ("pinned by Alice Martin", never the
    username), and the notices after pinning and deleting name the message and where it is."""
    alice = service.as_user("alice", "alice-pass")
    general = next(
        c for c in expect(alice.get("/api/conversations"), 200)["items"] if c["name"] == "general"
    )
    sent = expect(
        alice.post(f"/api/conversations/{general['id']}/messages", json={"text": "Lunch at 12?"}),
        201,
    )
    browser = as_browser(alice)
    pinned = shown_text(browser.post(f"/m/{sent['id']}/pin").text)
    assert "Pinned your message in #general (“Lunch at 12?”)." in pinned, pinned[:800]
    assert "pinned by Alice Martin" in pinned and "pinned by alice" not in pinned
    deleted = shown_text(browser.post(f"/m/{sent['id']}/delete").text)
    assert "Deleted your message in #general (“Lunch at 12?”)." in deleted, deleted[:800]
