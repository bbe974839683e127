"""Each social web form makes the change its API route makes: the same operation in the audit
log and the same rows, each way from the same state (the seed, reset, then the case's setup).

Seed (see conftest): alice follows bob but not heidi, muted frank and blocked mallory."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.form_assertions import FormCase, Given, assert_form_does_what_the_api_does
from tests.helpers import ApiClient, expect

PASSWORDS = {"alice": "alice-pass", "bob": "bob-pass"}
"""Alice does every form; bob writes to her in a setup."""


def _bobs_post(alice: ApiClient) -> Given:
    """A public post of bob that alice neither likes nor reposted."""
    posts = expect(alice.get("/api/posts?author=bob&per_page=100"), 200)["items"]
    return {
        "post": next(
            p["id"]
            for p in posts
            if p["visibility"] == "public" and not (p["liked"] or p["reposted"] or p["repost_of"])
        )
    }


def _then(action: str) -> Callable[[ApiClient], Given]:
    """Bob's post, which alice then ``action``s (like, repost) through the API."""

    def setup(alice: ApiClient) -> Given:
        given = _bobs_post(alice)
        expect(alice.post(f"/api/posts/{given['post']}/{action}"), 201)
        return given

    return setup


def _alices_post(alice: ApiClient) -> Given:
    made = expect(alice.post("/api/posts", json={"text": "Soon gone"}), 201)
    return {"post": made["id"]}


def _message_from_bob(alice: ApiClient) -> Given:
    bob = alice.as_user("bob", PASSWORDS["bob"])
    expect(bob.post("/api/conversations/alice/messages", json={"text": "Lunch?"}), 201)
    return {}


def _profile(alice: ApiClient) -> Given:
    return expect(alice.get("/api/profile"), 200)


def _settings_form(profile: Given, **typed: str) -> dict[str, str]:
    """The settings form as its page fills it from ``profile``, ``typed`` over it."""
    shown = {name: profile[name] or "" for name in ("display_name", "bio", "location", "website")}
    return {**shown, "messages_from": profile["messages_from"], **typed}


def _post_action(
    action: str, operation: str, api: tuple[str, str], setup: Callable[[ApiClient], Given]
) -> FormCase:
    """The button ``action`` on a post (its page sends where to go back); ``api`` gives the
    route's method and its path after the post's."""
    method, after = api
    return FormCase(
        f"post-{action}",
        operation,
        api=lambda g: (method, f"/api/posts/{g['post']}{after}", None),
        form=lambda g: (f"/posts/{g['post']}/{action}", {"next": "/"}),
        setup=setup,
    )


def _user_action(action: str, operation: str, who: str, api: tuple[str, str]) -> FormCase:
    """The button ``action`` on ``who``'s profile; ``api`` gives the route's method and path
    (a POST names ``who`` in its body)."""
    method, path = api
    body = {"username": who} if method == "POST" else None
    return FormCase(
        f"user-{action}",
        operation,
        api=lambda g: (method, path, body),
        form=lambda g: (f"/u/{who}/{action}", {}),
    )


_BIO = "Dunes and dogs.\n  Lyon, France\n"
"""A bio as typed in its text area, indented and ending in a newline."""
_NO_MEDIA = {"media_url": "", "media_kind": "image", "alt_text": ""}
_SUNSET = {"text": "Dunes at #sunset", "visibility": "public"}
_PHOTO = {"kind": "image", "url": "https://img.example.com/dune.jpg", "alt_text": "A dune"}
CASES = [
    FormCase(
        "compose-post",
        "create_post",
        api=lambda g: ("POST", "/api/posts", _SUNSET),
        form=lambda g: ("/posts", {**_SUNSET, **_NO_MEDIA}),
    ),
    FormCase(
        "compose-post-with-media",
        "create_post",
        api=lambda g: (
            "POST",
            "/api/posts",
            {"text": "Dunes", "visibility": "followers", "media": [_PHOTO]},
        ),
        form=lambda g: (
            "/posts",
            {
                "text": "Dunes",
                "visibility": "followers",
                "media_url": _PHOTO["url"],
                "media_kind": _PHOTO["kind"],
                "alt_text": _PHOTO["alt_text"],
            },
        ),
    ),
    FormCase(
        "compose-reply",
        "create_post",
        api=lambda g: ("POST", "/api/posts", {"text": "Agreed @bob", "reply_to_id": g["post"]}),
        form=lambda g: (
            "/posts",
            {
                "reply_to_id": str(g["post"]),
                "next": f"/posts/{g['post']}",
                "text": "Agreed @bob",
                "visibility": "public",
                **_NO_MEDIA,
            },
        ),
        setup=_bobs_post,
    ),
    _post_action("like", "like", ("POST", "/like"), _bobs_post),
    _post_action("unlike", "unlike", ("DELETE", "/like"), _then("like")),
    _post_action("repost", "repost", ("POST", "/repost"), _bobs_post),
    _post_action("unrepost", "unrepost", ("DELETE", "/repost"), _then("repost")),
    _post_action("delete", "delete_post", ("DELETE", ""), _alices_post),
    _user_action("follow", "follow", "heidi", ("POST", "/api/follows")),
    _user_action("unfollow", "unfollow", "bob", ("DELETE", "/api/follows/bob")),
    _user_action("block", "block", "heidi", ("POST", "/api/blocks")),
    _user_action("unblock", "unblock", "mallory", ("DELETE", "/api/blocks/mallory")),
    _user_action("mute", "mute", "heidi", ("POST", "/api/mutes")),
    _user_action("unmute", "unmute", "frank", ("DELETE", "/api/mutes/frank")),
    FormCase(
        "settings-unblock",
        "unblock",
        api=lambda g: ("DELETE", "/api/blocks/mallory", None),
        form=lambda g: ("/u/mallory/unblock", {"next": "/settings"}),
    ),
    FormCase(
        "settings-unmute",
        "unmute",
        api=lambda g: ("DELETE", "/api/mutes/frank", None),
        form=lambda g: ("/u/frank/unmute", {"next": "/settings"}),
    ),
    FormCase(
        "mark-all-notifications-read",
        "read_notifications",
        api=lambda g: ("POST", "/api/notifications/read", {}),
        form=lambda g: ("/notifications/read", {}),
    ),
    FormCase(
        "send-message",
        "send_message",
        api=lambda g: ("POST", "/api/conversations/bob/messages", {"text": "See you at 12"}),
        form=lambda g: ("/messages/bob", {"text": "See you at 12"}),
    ),
    FormCase(
        "mark-conversation-read",
        "read_conversation",
        api=lambda g: ("POST", "/api/conversations/bob/read", None),
        form=lambda g: ("/messages/bob/read", {}),
        setup=_message_from_bob,
    ),
    FormCase(
        "settings",
        "update_profile",
        api=lambda g: ("PATCH", "/api/profile", {"bio": _BIO, "location": "Lyon"}),
        form=lambda g: ("/settings", _settings_form(g, bio=_BIO, location="Lyon")),
        setup=_profile,
    ),
    FormCase(
        "settings-clearing",
        "update_profile",
        api=lambda g: ("PATCH", "/api/profile", {"bio": "", "location": None, "website": None}),
        form=lambda g: ("/settings", _settings_form(g, bio="", location="", website="")),
        setup=_profile,
    ),
]


@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_each_form_makes_the_change_its_api_route_makes(social: ApiClient, case: FormCase) -> None:
    assert_form_does_what_the_api_does(social, case, PASSWORDS)
