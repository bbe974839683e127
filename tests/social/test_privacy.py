"""Followers-only posts, blocks and mutes: who sees what, everywhere."""

from __future__ import annotations

from collections.abc import Callable

from tests.helpers import ApiClient, expect
from tests.social.conftest import post_id

PRIVATE_TEXT = "Between us: I accepted"


def _ids(page: dict) -> set[int]:
    return {p["id"] for p in page["items"]} | {
        p["repost_of"]["id"] for p in page["items"] if p["repost_of"]
    }


def test_followers_only_post_is_hidden_from_non_followers_everywhere(
    alice: ApiClient, login: Callable
) -> None:
    private = post_id(alice, PRIVATE_TEXT)  # alice follows carol
    dave = login("dave")
    assert expect(dave.get(f"/api/posts/{private}"), 404)["error"]["message"].startswith(
        f"no post {private}"
    )
    assert private not in _ids(expect(dave.get("/api/users/carol/posts?per_page=100"), 200))
    assert expect(dave.get("/api/posts", params={"q": "accepted the offer"}), 200)["total"] == 0
    assert expect(dave.get("/api/posts", params={"hashtag": "news"}), 200)["total"] == 0
    expect(dave.get(f"/api/posts/{private}/replies"), 404)
    expect(dave.get(f"/api/posts/{private}/likes"), 404)
    expect(dave.post(f"/api/posts/{private}/like"), 404)
    refused = dave.post("/api/posts", json={"text": "Congrats!", "reply_to_id": private})
    assert expect(refused, 404)["error"]["message"].startswith(f"no post {private}")
    # following carol makes it visible
    expect(dave.post("/api/follows", json={"username": "carol"}), 201)
    assert expect(dave.get(f"/api/posts/{private}"), 200)["visibility"] == "followers"
    assert private in _ids(expect(dave.get("/api/timeline?per_page=100"), 200))


def test_own_followers_only_post_is_visible_to_its_author(login: Callable) -> None:
    dave = login("dave")
    mine = expect(dave.post("/api/posts", json={"text": "note", "visibility": "followers"}), 201)
    expect(dave.get(f"/api/posts/{mine['id']}"), 200)
    expect(login("carol").get(f"/api/posts/{mine['id']}"), 404)  # carol does not follow dave
    expect(login("alice").get(f"/api/posts/{mine['id']}"), 200)  # alice does


def test_blocked_user_cannot_see_follow_reply_or_message_the_blocker(
    alice: ApiClient, login: Callable
) -> None:
    trail = post_id(alice, "Sunrise 10k")
    mallory = login("mallory")  # alice blocked mallory in the seed
    profile = expect(mallory.get("/api/users/alice"), 403)
    assert profile["error"]["message"] == (
        "@alice has blocked you: you cannot see their profile or posts"
    )
    expect(mallory.get("/api/users/alice/posts"), 403)
    expect(mallory.get(f"/api/posts/{trail}"), 404)
    assert trail not in _ids(expect(mallory.get("/api/posts?q=Sunrise"), 200))
    expect(mallory.post("/api/posts", json={"text": "hi", "reply_to_id": trail}), 404)
    expect(mallory.post("/api/follows", json={"username": "alice"}), 403)
    sent = mallory.post("/api/conversations/alice/messages", json={"text": "hi"})
    assert "has blocked you" in expect(sent, 403)["error"]["message"]
    assert "alice" not in [
        u["username"] for u in expect(mallory.get("/api/users?q=ali"), 200)["items"]
    ]
    # the blocker must unblock before following or messaging
    assert (
        "unblock them first"
        in expect(alice.post("/api/follows", json={"username": "mallory"}), 409)["error"]["message"]
    )
    expect(alice.delete("/api/blocks/mallory"), 204)
    expect(mallory.get(f"/api/posts/{trail}"), 200)
    expect(mallory.post("/api/follows", json={"username": "alice"}), 201)


def test_someone_who_blocked_you_is_left_out_of_the_people_you_see(
    alice: ApiClient, login: Callable
) -> None:
    """Likes, followers and following lists leave out whoever blocked the reader, as search
    does: otherwise their names lead to a profile that refuses the reader."""
    bob, mallory = login("bob"), login("mallory")  # alice blocked mallory in the seed
    liked = expect(bob.get("/api/users/bob/posts"), 200)["items"][0]["id"]
    expect(alice.post(f"/api/posts/{liked}/like"), 201)

    def names(reader: ApiClient, path: str) -> list[str]:
        return [u["username"] for u in expect(reader.get(path), 200)["items"]]

    for path in (f"/api/posts/{liked}/likes", "/api/users/bob/followers"):
        assert "alice" in names(bob, path), path
        assert "alice" not in names(mallory, path), path
    assert "alice" in names(bob, "/api/users/carol/following") + names(
        bob, "/api/users/bob/following"
    )
    assert "alice" not in names(mallory, "/api/users/carol/following") + names(
        mallory, "/api/users/bob/following"
    )


def test_block_ends_follows_both_ways_and_hides_posts(alice: ApiClient, login: Callable) -> None:
    bob = login("bob")
    assert expect(bob.get("/api/users/alice"), 200)["relationship"]["following"] is True
    blocked = expect(alice.post("/api/blocks", json={"username": "bob"}), 201)
    assert blocked["username"] == "bob"
    relation = expect(alice.get("/api/users/bob"), 200)["relationship"]
    assert relation == {"following": False, "followed_by": False, "blocking": True, "muting": False}
    assert all(
        p["author"]["username"] != "alice" for p in expect(bob.get("/api/timeline"), 200)["items"]
    )
    assert all(
        p["author"]["username"] != "bob" for p in expect(alice.get("/api/timeline"), 200)["items"]
    )
    expect(alice.post("/api/blocks", json={"username": "bob"}), 409)
    assert [u["username"] for u in expect(alice.get("/api/blocks"), 200)] == ["bob", "mallory"]
    # bob no longer sees alice's posts
    coffee = post_id(alice, "Trying a new pour-over")
    expect(bob.post(f"/api/posts/{coffee}/like"), 404)


def test_mute_hides_from_timeline_and_notifications_not_from_profile(
    alice: ApiClient, login: Callable
) -> None:
    timeline = expect(alice.get("/api/timeline?per_page=100"), 200)["items"]
    assert all(p["author"]["username"] != "frank" for p in timeline)  # frank is muted
    profile = expect(alice.get("/api/users/frank/posts?per_page=100"), 200)
    assert profile["total"] > 0
    frank = login("frank")
    trail = post_id(alice, "Sunrise 10k")
    expect(frank.post(f"/api/posts/{trail}/like"), 201)
    actors = [n["actor"]["username"] for n in expect(alice.get("/api/notifications"), 200)["items"]]
    assert "frank" not in actors
    expect(
        frank.post("/api/posts/{}/repost".format(post_id(alice, "Day 12 of the sourdough"))), 201
    )
    assert all(
        p["author"]["username"] != "frank" for p in expect(alice.get("/api/timeline"), 200)["items"]
    )
    expect(alice.delete("/api/mutes/frank"), 204)
    timeline = expect(alice.get("/api/timeline"), 200)["items"]
    assert timeline[0]["author"]["username"] == "frank" and timeline[0]["repost_of"]
    assert "frank" in [
        n["actor"]["username"] for n in expect(alice.get("/api/notifications"), 200)["items"]
    ]


def test_reposts_of_muted_users_leave_the_timeline(alice: ApiClient, login: Callable) -> None:
    frank = login("frank")
    mine = expect(frank.post("/api/posts", json={"text": "Gadget review"}), 201)
    expect(login("bob").post(f"/api/posts/{mine['id']}/repost"), 201)  # alice follows bob
    assert mine["id"] not in _ids(expect(alice.get("/api/timeline"), 200))


def test_follow_rules(alice: ApiClient, login: Callable) -> None:
    assert (
        "yourself"
        in expect(alice.post("/api/follows", json={"username": "alice"}), 422)["error"]["message"]
    )
    assert expect(alice.post("/api/follows", json={"username": "bob"}), 409)["error"][
        "message"
    ] == ("you already follow @bob")
    expect(alice.post("/api/follows", json={"username": "nobody"}), 404)
    followed = expect(alice.post("/api/follows", json={"username": "oscar"}), 201)
    assert followed["followers_count"] == 3 and followed["relationship"]["following"] is True
    oscar = login("oscar")
    note = expect(oscar.get("/api/notifications"), 200)["items"][0]
    assert (note["kind"], note["actor"]["username"]) == ("follow", "alice")
    expect(alice.delete("/api/follows/oscar"), 204)
    expect(alice.delete("/api/follows/oscar"), 404)


def test_no_route_acts_as_another_user(social: ApiClient, alice: ApiClient) -> None:
    """Every write is the caller's own: a body naming another author is refused."""
    forged = alice.post("/api/posts", json={"text": "hi", "author": "bob"})
    assert "author" in expect(forged, 422)["error"]["message"]
    expect(social.post("/api/posts", json={"text": "anonymous"}), 401)
    assert expect(alice.patch("/api/profile", json={"username": "bob"}), 422)


def test_a_repost_by_id_is_hidden_with_its_original_and_muting_hides_neither(
    alice: ApiClient, login: Callable
) -> None:
    original = expect(alice.post("/api/posts", json={"text": "Public, for now"}), 201)
    repost = expect(login("erin").post(f"/api/posts/{original['id']}/repost"), 201)
    carol = login("carol")
    expect(carol.post("/api/mutes", json={"username": "erin"}), 201)
    assert (
        expect(carol.get(f"/api/posts/{repost['id']}"), 200)["repost_of"]["id"] == (original["id"])
    )
    expect(alice.post("/api/blocks", json={"username": "carol"}), 201)
    expect(carol.get(f"/api/posts/{original['id']}"), 404)
    expect(carol.get(f"/api/posts/{repost['id']}"), 404)
    expect(login("dave").get(f"/api/posts/{repost['id']}"), 200)


def test_a_repost_is_hidden_by_a_block_either_way_and_with_a_deleted_original(
    alice: ApiClient, login: Callable
) -> None:
    """The rule looks up the original's author for blocks in both directions, and its
    deletion."""
    original = expect(alice.post("/api/posts", json={"text": "Seen through a repost"}), 201)
    repost = expect(login("erin").post(f"/api/posts/{original['id']}/repost"), 201)
    carol = login("carol")
    expect(carol.post("/api/blocks", json={"username": "alice"}), 201)  # the viewer blocks
    expect(carol.get(f"/api/posts/{repost['id']}"), 404)
    dave = login("dave")
    expect(dave.get(f"/api/posts/{repost['id']}"), 200)
    expect(alice.delete(f"/api/posts/{original['id']}"), 204)
    expect(dave.get(f"/api/posts/{repost['id']}"), 404)
    expect(login("erin").get(f"/api/posts/{repost['id']}"), 404)
