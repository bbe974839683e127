"""Posts with media and hashtags, replies, reposts, likes, deletion and search."""

from __future__ import annotations

from collections.abc import Callable

from tests.helpers import ApiClient, expect
from tests.service_fixtures import OVER_HTTP_TOO
from tests.social.conftest import post_id


@OVER_HTTP_TOO
def test_post_with_media_hashtags_and_mention(alice: ApiClient, login: Callable) -> None:
    body = {
        "text": "Lunch at the #FarmersMarket with @bob #food #food",
        "media": [
            {"kind": "image", "url": "https://img.example.test/a.jpg", "alt_text": "Ramps"},
            {"kind": "video", "url": "https://img.example.test/b.mp4"},
        ],
    }
    post = expect(alice.post("/api/posts", json=body), 201)
    assert post["hashtags"] == ["farmersmarket", "food"]
    assert [(m["kind"], m["alt_text"]) for m in post["media"]] == [
        ("image", "Ramps"),
        ("video", ""),
    ]
    found = expect(alice.get("/api/posts", params={"hashtag": "#FARMERSMARKET"}), 200)
    assert [p["id"] for p in found["items"]] == [post["id"]]
    bob = login("bob")
    mentions = expect(bob.get("/api/notifications", params={"unread": "true"}), 200)["items"]
    assert (mentions[0]["kind"], mentions[0]["post_id"]) == ("mention", post["id"])


@OVER_HTTP_TOO
def test_bad_posts_are_refused_naming_the_field(alice: ApiClient) -> None:
    before = expect(alice.get("/api/users/alice/posts"), 200)["total"]
    empty = expect(alice.post("/api/posts", json={"text": "   "}), 422)
    assert "text or at least one media" in empty["error"]["message"]
    media = [{"kind": "image", "url": "https://x.test/a.jpg"}] * 5
    too_many = expect(alice.post("/api/posts", json={"text": "x", "media": media}), 422)
    assert "media" in too_many["error"]["message"]
    bad_url = expect(
        alice.post(
            "/api/posts", json={"text": "x", "media": [{"kind": "image", "url": "ftp://x"}]}
        ),
        422,
    )
    assert "media.0.url" in bad_url["error"]["message"]
    long = expect(alice.post("/api/posts", json={"text": "x" * 501}), 422)
    assert long["error"]["message"].startswith("invalid request body: text")
    visibility = expect(alice.post("/api/posts", json={"text": "x", "visibility": "friends"}), 422)
    assert "visibility" in visibility["error"]["message"]
    assert expect(alice.get("/api/users/alice/posts"), 200)["total"] == before


@OVER_HTTP_TOO
def test_like_once_and_unlike(alice: ApiClient) -> None:
    target = post_id(alice, "Day 12 of the sourdough")
    assert expect(alice.post(f"/api/posts/{target}/like"), 409)["error"]["message"] == (
        f"you already like post {target}"
    )  # the seed has alice liking it already
    count = expect(alice.get(f"/api/posts/{target}"), 200)["like_count"]
    expect(alice.delete(f"/api/posts/{target}/like"), 204)
    unliked = expect(alice.get(f"/api/posts/{target}"), 200)
    assert unliked["liked"] is False and unliked["like_count"] == count - 1
    liked = expect(alice.post(f"/api/posts/{target}/like"), 201)
    assert liked["liked"] is True and liked["like_count"] == count
    expect(alice.post(f"/api/posts/{target}/like"), 409)
    expect(alice.delete(f"/api/posts/{target}/like"), 204)
    expect(alice.delete(f"/api/posts/{target}/like"), 404)


def test_like_of_a_repost_goes_to_the_original(alice: ApiClient, login: Callable) -> None:
    dave = login("dave")
    advisory = expect(login("ivan").post("/api/posts", json={"text": "Advisory #2"}), 201)["id"]
    repost = expect(dave.post(f"/api/posts/{advisory}/repost"), 201)
    assert repost["repost_of"]["id"] == advisory and repost["text"] == ""
    grace = login("grace")
    liked = expect(grace.post(f"/api/posts/{repost['id']}/like"), 201)
    assert liked["id"] == advisory and liked["liked"]


def test_repost_rules(alice: ApiClient, login: Callable) -> None:
    gallery = post_id(alice, "My street photography")
    expect(alice.post(f"/api/posts/{gallery}/repost"), 409)  # reposted in the seed
    expect(alice.delete(f"/api/posts/{gallery}/repost"), 204)
    again = expect(alice.post(f"/api/posts/{gallery}/repost"), 201)
    assert expect(alice.get(f"/api/posts/{gallery}"), 200)["reposted"] is True
    assert expect(alice.get("/api/timeline"), 200)["items"][0]["id"] == again["id"]
    private = post_id(alice, "Between us")
    refused = expect(alice.post(f"/api/posts/{private}/repost"), 409)
    assert "for followers only and cannot be reposted" in refused["error"]["message"]


def test_replies_and_reply_counts(alice: ApiClient, login: Callable) -> None:
    trail = post_id(alice, "Sunrise 10k")
    replies = expect(alice.get(f"/api/posts/{trail}/replies"), 200)
    assert [r["author"]["username"] for r in replies["items"]] == ["bob", "judy"]
    dave = login("dave")
    reply = expect(dave.post("/api/posts", json={"text": "Nice!", "reply_to_id": trail}), 201)
    assert reply["reply_to_id"] == trail
    assert expect(alice.get(f"/api/posts/{trail}"), 200)["reply_count"] == 3
    kinds = expect(alice.get("/api/notifications"), 200)["items"][0]
    assert (kinds["kind"], kinds["actor"]["username"], kinds["post_id"]) == (
        "reply",
        "dave",
        reply["id"],
    )
    # replies to replies stay out of the home timeline
    assert reply["id"] not in [p["id"] for p in expect(dave.get("/api/timeline"), 200)["items"]]


def test_delete_own_post_only(alice: ApiClient, login: Callable) -> None:
    coffee = post_id(alice, "Trying a new pour-over")
    bob = login("bob")
    refused = expect(bob.delete(f"/api/posts/{coffee}"), 403)
    expected = f"post {coffee} belongs to another account; you can delete only your own posts"
    assert refused["error"]["message"] == expected
    expect(alice.delete(f"/api/posts/{coffee}"), 204)
    expect(bob.get(f"/api/posts/{coffee}"), 404)
    expect(alice.get(f"/api/posts/{coffee}"), 404)
    expect(bob.post(f"/api/posts/{coffee}/like"), 404)
    expect(bob.post("/api/posts", json={"text": "late", "reply_to_id": coffee}), 404)


def test_timeline_pages_and_search_words(alice: ApiClient) -> None:
    first = expect(alice.get("/api/timeline", params={"per_page": 10}), 200)
    second = expect(alice.get("/api/timeline", params={"per_page": 10, "page": 2}), 200)
    assert first["total"] == second["total"] > 20
    assert not {p["id"] for p in first["items"]} & {p["id"] for p in second["items"]}
    times = [p["created_at"] for p in first["items"] + second["items"]]
    assert times == sorted(times, reverse=True)
    found = expect(alice.get("/api/posts", params={"q": "SOURDOUGH starter"}), 200)
    assert [p["author"]["username"] for p in found["items"]] == ["bob"]
    unknown = expect(alice.get("/api/posts", params={"sort": "new"}), 422)
    assert "unknown query parameter 'sort'" in unknown["error"]["message"]


def test_trending_counts_recent_visible_hashtags(alice: ApiClient, login: Callable) -> None:
    tags = {t["tag"]: t["posts"] for t in expect(alice.get("/api/hashtags"), 200)["items"]}
    assert tags["running"] >= 3
    carol = login("carol")
    for n in range(8):
        body = {"text": f"day {n} #LaunchWeek", "visibility": "followers"}
        expect(carol.post("/api/posts", json=body), 201)
    assert expect(alice.get("/api/hashtags"), 200)["items"][0] == {"tag": "launchweek", "posts": 8}
    dave = [t["tag"] for t in expect(login("dave").get("/api/hashtags"), 200)["items"]]
    assert "launchweek" not in dave  # dave does not follow carol


def test_read_by_id_orders_and_counts_as_the_writes_do(alice: ApiClient, login: Callable) -> None:
    """GET /api/posts/<id> (one plain query) answers what creating the post answered, with
    hashtags in the text's order and counts that leave deleted replies and reposts out."""
    body = {
        "text": "#zeta before #alpha",
        "media": [
            {"kind": "gif", "url": "https://img.example.test/2.gif"},
            {"kind": "image", "url": "https://img.example.test/1.jpg", "alt_text": "one"},
        ],
    }
    post = expect(alice.post("/api/posts", json=body), 201)
    assert post["hashtags"] == ["zeta", "alpha"]
    assert expect(alice.get(f"/api/posts/{post['id']}"), 200) == post
    bob, carol = login("bob"), login("carol")
    reply = expect(bob.post("/api/posts", json={"text": "nice", "reply_to_id": post["id"]}), 201)
    repost = expect(bob.post(f"/api/posts/{post['id']}/repost"), 201)
    seen_by_bob = expect(bob.get(f"/api/posts/{post['id']}"), 200)
    assert (seen_by_bob["reply_count"], seen_by_bob["repost_count"]) == (1, 1)
    assert seen_by_bob["reposted"] is True
    assert expect(carol.get(f"/api/posts/{post['id']}"), 200)["reposted"] is False
    original = {key: value for key, value in seen_by_bob.items() if key != "repost_of"}
    seen_by_carol = expect(carol.get(f"/api/posts/{repost['id']}"), 200)["repost_of"]
    assert seen_by_carol == original | {"reposted": False}
    expect(bob.delete(f"/api/posts/{reply['id']}"), 204)
    expect(bob.delete(f"/api/posts/{post['id']}/repost"), 204)
    after = expect(alice.get(f"/api/posts/{post['id']}"), 200)
    assert (after["reply_count"], after["repost_count"]) == (0, 0)
