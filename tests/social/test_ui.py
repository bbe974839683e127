"""The web UI: pages need a session, forms call the same rules, refusals show their reason."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest

from tests.form_assertions import as_browser, assert_action_refused, assert_form_refused
from tests.helpers import ApiClient, expect, log_in
from tests.social.conftest import post_id


def test_pages_need_a_session(social: ApiClient) -> None:
    response = social.get("/", allow_redirects=False)
    assert response.status_code == 302 and "/login" in response.headers["Location"]


def test_private_post_page_is_not_found_for_a_non_follower(
    alice: ApiClient, login: Callable
) -> None:
    private = post_id(alice, "Between us")
    dave = as_browser(login("dave"))
    assert dave.get(f"/posts/{private}").status_code == 404
    assert "Between us" not in dave.get("/u/carol").text


def test_refused_form_action_shows_the_reason(social: ApiClient, login: Callable) -> None:
    alice = as_browser(login("alice"))
    page = alice.post("/u/bob/follow", headers={"Referer": social.base_url + "/u/bob"})
    assert_action_refused(page, 409, "You already follow @bob")
    page = alice.post(
        "/messages/ivan",
        headers={"Referer": social.base_url + "/messages/ivan"},
        data={"text": "hi"},
    )
    assert_action_refused(
        page, 403, "accepts messages only from people they follow", kept={"text": "hi"}
    )
    page = alice.post(
        "/posts",
        data={"text": "x", "visibility": "friends"},
        headers={"Referer": social.base_url + "/"},
    )
    assert_form_refused(
        page,
        errors={"visibility": "must be 'public' or 'followers'"},
        kept={"text": "x"},
    )
    page = alice.post(
        "/posts",
        data={"text": "x", "reply_to_id": "first"},
        headers={"Referer": social.base_url + "/"},
    )
    assert page.status_code == 422 and "reply to id</a>: expected a whole number" in page.text


def test_an_attachment_is_refused_at_its_own_field_and_none_is_made_without_a_url(
    social: ApiClient, login: Callable
) -> None:
    alice = as_browser(login("alice"))
    typed = {"text": "Map", "media_url": "route.png", "media_kind": "image", "alt_text": "Map"}
    page = alice.post("/posts", data=typed, headers={"Referer": social.base_url + "/"})
    assert_form_refused(
        page,
        errors={"media_url": "expected a web address starting with https://"},
        kept={"text": "Map", "media_url": "route.png", "alt_text": "Map"},
    )
    posted = alice.post("/posts", data={**typed, "text": "No picture", "media_url": " "})
    assert posted.status_code == 200 and "Posted “No picture”." in posted.text
    mine = expect(login("alice").get("/api/users/alice/posts"), 200)["items"][0]
    assert (mine["text"], mine["media"]) == ("No picture", [])


def test_settings_form_saves_the_profile(login: Callable) -> None:
    alice = as_browser(login("alice"))
    saved = alice.post(
        "/settings",
        data={
            "display_name": "Alice J.",
            "bio": "Hi",
            "location": "",
            "website": "https://a.test",
            "messages_from": "following",
        },
    )
    assert "Saved your profile." in saved.text
    profile = expect(login("alice").get("/api/profile"), 200)
    assert (profile["display_name"], profile["website"], profile["messages_from"]) == (
        "Alice J.",
        "https://a.test",
        "following",
    )


@pytest.mark.browser
def test_post_like_reply_follow_and_message_in_the_browser(
    social: ApiClient, login: Callable, page: Any
) -> None:
    base = social.base_url
    log_in(page, base, "dave", "dave-pass", "/")
    page.fill("#text", "Group ride Saturday, bring lights #cycling")
    page.select_option("#visibility", "followers")
    page.fill("#media_url", "https://img.example.test/dave/route.png")
    page.fill("#alt_text", "Route map")
    page.click("#post-button")
    assert "Posted “Group ride Saturday, bring lights #cycling”." in page.inner_text("[role=alert]")
    first = page.locator("#timeline article").first
    assert "Group ride Saturday" in first.inner_text() and "followers only" in first.inner_text()

    dave = login("dave")
    mine = expect(dave.get("/api/users/dave/posts"), 200)["items"][0]
    assert mine["visibility"] == "followers" and mine["hashtags"] == ["cycling"]
    assert mine["media"][0]["alt_text"] == "Route map"

    page.click("#nav-explore")
    page.fill("#q", "sourdough starter")
    page.click("#search button")
    card = page.locator("#results article").first
    card.locator("button.like").click()
    assert re.match(r"Liked @\w+'s post “.*sourdough", page.inner_text("[role=alert]"), re.I)
    page.locator("#results article").first.locator("a.replies").click()
    page.fill("#text", "Share the recipe!")
    page.click("#post-button")
    assert "Replied “Share the recipe!” to @" in page.inner_text("[role=alert]")
    assert "Share the recipe!" in page.inner_text("#replies")

    page.goto(f"{base}/u/carol")
    page.click("#follow")
    assert "You follow @carol." in page.inner_text("[role=alert]")
    assert "Between us" in page.inner_text("#posts")  # followers-only posts now shown

    page.click("#message")
    page.fill("#message-text", "Loved the gallery show")
    page.click("#send")
    assert "Loved the gallery show" in page.inner_text("#messages")
    sourdough = post_id(dave, "Day 12 of the sourdough")
    assert expect(dave.get(f"/api/posts/{sourdough}"), 200)["liked"] is True
    carol = login("carol")
    thread = expect(carol.get("/api/conversations/dave"), 200)["items"]
    assert thread[0]["text"] == "Loved the gallery show"


@pytest.mark.browser
def test_deleting_a_post_asks_first(live_service: Any, page: Any) -> None:
    social = live_service("social")
    alice = social.as_user("alice", "alice-pass")
    mine = expect(alice.post("/api/posts", json={"text": "Typo in my last post"}), 201)
    name = "Delete post by @alice: 'Typo in my last post'"
    log_in(page, social.base_url, "alice", "alice-pass", f"/posts/{mine['id']}")
    page.get_by_role("button", name=f"{name}…").click()
    dialog = page.locator("dialog[open]")
    question = "Delete your post by @alice: 'Typo in my last post'? This cannot be undone."
    assert question in dialog.inner_text()
    dialog.get_by_role("button", name="Don't delete post by @alice: 'Typo in my last post'").click()
    assert page.locator("dialog[open]").count() == 0
    expect(alice.get(f"/api/posts/{mine['id']}"), 200)

    page.get_by_role("button", name=f"{name}…").click()
    page.locator("dialog[open]").get_by_role(
        "button", name=f"Delete for good: {name[len('Delete ') :]}"
    ).click()
    assert alice.get(f"/api/posts/{mine['id']}").status_code == 404
