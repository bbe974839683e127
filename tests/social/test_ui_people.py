"""The pages that list people: a profile's followers and following, who likes a post, and the
blocked and muted accounts on the settings page, each listing what its API read answers."""

from __future__ import annotations

import html
import re
from collections.abc import Callable
from html import unescape
from pathlib import Path

from tests.form_assertions import as_browser, assert_action_refused, labels_found_twice
from tests.helpers import ApiClient, expect
from tests.service_fixtures import serve
from tests.social.conftest import post_id


def _listed(html: str) -> list[str]:
    """The usernames of the page's list of people, in its order."""
    block = html[html.index('<ul id="people"') :]
    return re.findall(r'<li data-username="([^"]+)"', block[: block.index("</ul>")])


def _usernames(client: ApiClient, path: str) -> list[str]:
    return [u["username"] for u in expect(client.get(path, params={"per_page": 100}), 200)["items"]]


def test_followers_and_following_pages_list_what_the_api_lists(
    login: Callable[[str], ApiClient],
) -> None:
    alice = login("alice")
    following = _usernames(alice, "/api/users/alice/following")
    followers = _usernames(alice, "/api/users/bob/followers")
    assert "bob" in following and "alice" in followers
    browser = as_browser(login("alice"))
    profile = browser.get("/u/bob").text
    assert 'href="/u/bob/followers"' in profile and 'href="/u/bob/following"' in profile
    page = browser.get("/u/alice/following", params={"per_page": 100})
    assert page.status_code == 200 and _listed(page.text) == following
    assert f"People @alice follows ({len(following)})" in page.text
    page = browser.get("/u/bob/followers", params={"per_page": 100})
    assert _listed(page.text) == followers
    assert f"People following @bob ({len(followers)})" in page.text


def test_follow_lists_page_and_refuse_someone_who_blocked_you(
    login: Callable[[str], ApiClient],
) -> None:
    browser = as_browser(login("alice"))
    first = browser.get("/u/alice/following", params={"per_page": 2})
    assert len(_listed(first.text)) == 2 and 'id="next-page"' in first.text
    second = browser.get("/u/alice/following", params={"per_page": 2, "page": 2})
    assert set(_listed(second.text)).isdisjoint(_listed(first.text))
    mallory = as_browser(login("mallory"))  # alice blocked mallory
    assert mallory.get("/u/alice/followers").status_code == 403


def test_likes_page_lists_who_likes_the_post(login: Callable[[str], ApiClient]) -> None:
    alice = login("alice")
    liked = post_id(alice, "Day 12 of the sourdough")
    expect(login("dave").post(f"/api/posts/{liked}/like"), 201)
    likers = _usernames(alice, f"/api/posts/{liked}/likes")
    assert likers[0] == "dave" and "alice" in likers
    browser = as_browser(login("alice"))
    post = browser.get(f"/posts/{liked}").text
    assert f'href="/posts/{liked}/likes"' in post and f"Liked by {len(likers)} " in post
    page = browser.get(f"/posts/{liked}/likes", params={"per_page": 100})
    assert page.status_code == 200 and _listed(page.text) == likers
    assert f"Post {liked}" not in page.text, "the likes page names the post by its number"
    assert ">Post</a> by" in page.text and "Day 12 of the sourdough" in page.text
    title = re.search(r"<title>([^<]*)</title>", post)
    assert title and " on " in title[1] and "Day 12 of the sourdough" in title[1], title


def test_settings_lists_blocked_and_muted_accounts_and_lifts_them(
    social: ApiClient, login: Callable[[str], ApiClient]
) -> None:
    alice = login("alice")
    assert [u["username"] for u in expect(alice.get("/api/blocks"), 200)] == ["mallory"]
    assert [u["username"] for u in expect(alice.get("/api/mutes"), 200)] == ["frank"]
    browser = as_browser(login("alice"))
    settings = browser.get("/settings").text
    assert "Blocked accounts (1)" in settings and "Muted accounts (1)" in settings
    assert ">Unblock @mallory</button>" in settings and ">Unmute @frank</button>" in settings
    lifted = browser.post("/u/mallory/unblock", data={"next": "/settings"}, allow_redirects=False)
    assert lifted.status_code == 303 and lifted.headers["Location"] == "/settings"
    settings = browser.get("/settings").text
    assert "You unblocked @mallory." in settings and "Blocked accounts (0)" in settings
    assert expect(alice.get("/api/blocks"), 200) == []
    refused = browser.post(
        "/u/mallory/unblock",
        data={"next": "/settings"},
        headers={"Referer": social.base_url + "/settings"},
    )
    assert_action_refused(refused, 404, "You have not blocked @mallory")
    assert "Blocked accounts (0)" in refused.text, "expected the settings page shown again"


def _button_names(html: str) -> list[str]:
    return [
        unescape(name)
        for name in re.findall(r'<button type="submit" class="[a-z]+" aria-label="([^"]+)"', html)
    ]


def test_each_post_button_names_its_post(login: Callable[[str], ApiClient]) -> None:
    """A timeline repeats one heart and one repost icon: each button's accessible name says
    which post it acts on by its author and text (and whose repost it is), never by a number,
    so no two on the page are alike."""
    home = as_browser(login("alice")).get("/").text
    names = _button_names(home)
    assert len(names) > 20 and len(set(names)) == len(names)
    assert not [n for n in names if re.search(r"post \d", n)]
    assert any(
        re.fullmatch(r"Like post by @\w+: '[^']+', reposted by @\w+ \(\d+ likes?\)", n)
        for n in names
    )


def test_two_posts_of_the_same_text_are_told_apart_by_their_time(
    login: Callable[[str], ApiClient],
) -> None:
    """One author posting one text twice: both cards' buttons add the post's time, in the
    task's zone and to the second, where the author and text alone would name both alike."""
    alice = login("alice")
    for _ in range(2):
        expect(alice.post("/api/posts", json={"text": "Lunch at noon?"}), 201)
    names = _button_names(as_browser(alice).get("/u/alice").text)
    likes = [n for n in names if n.startswith("Like post by @alice at ") and "Lunch" in n]
    assert len(likes) == 2 and len(set(likes)) == 2, names
    assert all(
        re.search(r" at \w{3} \d+ \w{3} [\d:]{8} UTC: 'Lunch at noon\?' \(0 likes\)$", n)
        for n in likes
    )
    assert "Like post by @alice: 'Lunch at noon?' (0 likes)" not in names


def test_notifications_filter_read_and_unread_like_the_api(
    login: Callable[[str], ApiClient],
) -> None:
    alice = login("alice")
    unread = expect(alice.get("/api/notifications", params={"unread": "true"}), 200)["total"]
    assert unread > 0
    browser = as_browser(login("alice"))
    page = browser.get("/notifications", params={"unread": "true"}).text
    assert f"Notifications ({unread})" in page
    assert '<a href="/notifications?unread=true" aria-current="page">Unread</a>' in page
    expect(alice.post("/api/notifications/read", json={}), 200)
    page = browser.get("/notifications", params={"unread": "false"}).text
    assert f"Notifications ({unread})" in page and 'class="unread"' not in page
    assert "Notifications (0)" in browser.get("/notifications", params={"unread": "true"}).text


def test_explore_searches_one_authors_posts(login: Callable[[str], ApiClient]) -> None:
    alice = login("alice")
    found = expect(alice.get("/api/posts", params={"author": "bob", "per_page": 100}), 200)
    page = as_browser(login("alice")).get(
        "/explore", params={"q": "", "hashtag": "", "author": "bob", "per_page": 100}
    )
    assert f'<h2 id="result-count">{found["total"]} posts</h2>' in page.text
    assert 'name="author" value="bob"' in page.text
    shown = re.findall(r'data-post-id="(\d+)"', page.text)
    assert shown == [str(p["id"]) for p in found["items"]]


def test_a_posts_media_are_shown_on_the_page_not_linked_off_the_site(
    login: Callable[[str], ApiClient],
) -> None:
    """The media URLs name a host no browser reaches: each medium is drawn on the page from
    its description, the alt text as the picture's alt, a video marked with a play badge; as on
    X, no address is shown under it (the API keeps the URL)."""
    alice = as_browser(login("alice"))
    tomato = alice.get(f"/posts/{post_id(alice, 'Tomato seedlings')}").text
    assert '<a href="https://img.example.test' not in tomato
    assert re.search(
        r'<img class="picture product" src="/pictures/product/[^"]+\.svg" '
        r'width="520" height="520" alt="Timelapse of seedlings"',
        tomato,
    )
    assert "▶ video" in tomato and "https://img.example.test/grace/seedlings.mp4" not in tomato
    home = alice.get("/").text
    assert 'href="https://img.example.test' not in home
    assert 'alt="Fog over the hills at sunrise"' in home

    made = alice.post(
        "/api/posts",
        json={
            "text": "Two of the same",
            "media": [
                {"kind": "image", "url": "https://img.example.test/a.jpg", "alt_text": "Ramps"},
                {"kind": "image", "url": "https://img.example.test/b.jpg", "alt_text": "Ramps"},
                {"kind": "gif", "url": "https://img.example.test/c.gif"},
            ],
        },
    )
    shown = alice.get(f"/posts/{expect(made, 201)['id']}").text
    alts = re.findall(r'<img class="picture product"[^>]* alt="([^"]*)"', shown)
    assert len(alts) == 3 and len(set(alts)) == 3 and all(alts), alts
    assert alts[:2] == ["Ramps (1)", "Ramps (2)"]
    assert "GIF" in shown and "https://img.example.test/c.gif" not in shown


def test_an_empty_home_says_whom_you_follow_and_a_dm_preview_names_your_own_words(
    tmp_path: Path,
) -> None:
    """A home timeline empty because the people you follow have not posted says so (not
    "follow people"); the Messages list shows your own last message as "You: ..."; the
    conversation, message and following lists have accessible names."""
    users = [
        {"username": n, "password": f"{n}-pass", "email": f"{n}@example.test", "display_name": n}
        for n in ("alice", "bob", "erin")
    ]
    seed = {
        "users": users,
        "follows": [{"follower": "alice", "followee": "bob"}],
        "messages": [
            {
                "sender": "bob",
                "recipient": "alice",
                "text": "Lunch Friday?",
                "sent_at": "-1d 10:00",
            },
            {"sender": "alice", "recipient": "bob", "text": "Yes please!", "sent_at": "-1d 11:00"},
        ],
    }
    with serve("social", tmp_path, seed) as social:
        alice = social.client().as_user("alice", "alice-pass")
        erin = social.client().as_user("erin", "erin-pass")
        home = alice.get("/").text
        assert "No posts yet from the 1 person you follow" in home
        assert "follow people from" not in home
        assert "You follow no one yet" in erin.get("/").text
        listing = alice.get("/messages").text
        assert 'aria-label="Conversations"' in listing
        assert re.search(r'class="x-muted last">You: Yes please!<', listing), listing
        thread = alice.get("/messages/bob").text
        assert '<ol id="messages" aria-label="Thread with bob">' in thread
        assert not labels_found_twice(thread)  # the list's name holds no field's ("Message")
        assert 'class="x-muted last">You: Yes please!<' in thread
        following = alice.get("/u/alice/following").text
        assert re.search(r'<ul id="people" aria-label="[^"]+">', following), following


def test_direct_messages_that_share_a_minute_show_their_seconds(
    login: Callable[[str], ApiClient],
) -> None:
    """Two direct messages sent in a row share a minute on the frozen clock: the thread shows
    seconds, in a time element, so the latest reads as the latest."""
    alice = login("alice")
    for text in ("See you at nine?", "Or ten?"):
        expect(alice.post("/api/conversations/bob/messages", json={"text": text}), 201)
    thread = as_browser(alice).get("/messages/bob").text
    stamps = re.findall(r"<time [^>]*>\w{3} \d+ \w{3} (\d\d:\d\d:\d\d) [A-Z]{3}</time>", thread)
    assert len(stamps) >= 2 and stamps[-2] < stamps[-1], stamps


def test_a_conversation_reads_as_people_say_it(tmp_path: Path) -> None:
    """A reply answers what came before it: "You: Yes please!" carries no "1 unread", and the
    thread marks unread only what came after it; entries are named by people ("Bob Martinez",
    "You"), not handles; previews are cut at a word boundary, with an ellipsis."""
    users = [
        {"username": n, "password": f"{n}-pass", "email": f"{n}@example.test", "display_name": d}
        for n, d in (("alice", "Alice Lee"), ("bob", "Bob Martinez"), ("carol", "Carol Weber"))
    ]
    brunch = (
        "Brunch on Sunday March 8 at 11:30 at Café Lumière? My treat for your birthday, bring"
        " Sam along."
    )
    seed = {
        "users": users,
        "messages": [
            {"sender": "bob", "recipient": "alice", "text": "Jazz night?", "sent_at": "-1d 10:00"},
            {"sender": "alice", "recipient": "bob", "text": "Yes please!", "sent_at": "-1d 11:00"},
            {"sender": "carol", "recipient": "alice", "text": brunch, "sent_at": "-1d 12:00"},
        ],
    }
    with serve("social", tmp_path, seed) as social:
        alice = social.client().as_user("alice", "alice-pass")
        listing = html.unescape(alice.get("/messages").text)
        bob = listing.split('data-username="bob"', 1)[1].split("</li>", 1)[0]
        assert "You: Yes please!" in bob and "unread" not in bob.replace(">read<", ""), bob
        carol = listing.split('data-username="carol"', 1)[1].split("</li>", 1)[0]
        assert "1 unread" in carol
        preview = re.search(r'class="x-muted last">([^<]+)<', carol)
        assert preview and preview[1] == brunch[:78] + "…"
        thread = html.unescape(alice.get("/messages/bob").text)
        entries = re.findall(
            r'<li data-id="\d+" class="\w+"><strong>([^<]+)</strong>([^:]*)', thread
        )
        assert [(who, "unread" in when) for who, when in entries] == [
            ("Bob Martinez", False),
            ("You", False),
        ], entries
        side = thread.split('aria-label="Conversations"', 1)[1].split("</nav>", 1)[0]
        assert ">Brunch on Sunday March 8 at 11:30 at…<" in side, side


def _flat(text: str) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", text)).split())


def test_a_posts_name_quotes_whole_words(login: Callable[[str], ApiClient]) -> None:
    """A card's name quotes the post's opening words, cut at the end of a word with "…" (it
    read "'Feeling nervous about Thursday's design review. W…'")."""
    home = as_browser(login("alice")).get("/").text
    cards = re.findall(
        r'<article class="card post"[^>]*aria-label="([^"]+)">(.*?)</article>', home, re.S
    )
    cut = 0
    for name, body in cards:
        quote = re.search(r": '(.*)'", unescape(name))
        text = re.search(r'<p class="text">(.*?)</p>', body, re.S)
        if not (quote and text and quote[1].endswith("…")):
            continue
        cut += 1
        shown, full = quote[1][:-1], _flat(text[1])
        assert full.startswith(shown) and full[len(shown)] in " .,;:", (shown, full)
    assert cut, "no post long enough to be cut"


def test_alike_posts_name_their_time_as_the_house_writes_it(
    login: Callable[[str], ApiClient],
) -> None:
    """Alike posts minutes apart are told apart by their time in the house's short form
    ("Fri 20 Feb 22:45 UTC": no seconds, no year of this year; it read "Wed 25 Feb 2026
    18:45:00 UTC")."""
    names = _button_names(as_browser(login("grace")).get("/u/grace").text)
    timed = [n for n in names if n.startswith("Like post by @grace at ")]
    assert timed, names
    assert all(
        re.match(r"Like post by @grace at \w{3} \d+ \w{3} \d\d:\d\d UTC: '", n) for n in timed
    )


def test_a_notification_names_its_post_by_author_and_words(
    login: Callable[[str], ApiClient],
) -> None:
    """A notification's link names the post by its opening words, not "post 16"."""
    alice = login("alice")
    notices = as_browser(alice).get("/notifications").text
    links = re.findall(r'<a href="/posts/\d+"[^>]*>([^<]*)</a>', notices)
    assert links and not [n for n in links if re.fullmatch(r"post \d+", n)], links
    names = re.findall(r'<a href="/posts/\d+" aria-label="([^"]+)"', notices)
    assert names and all(re.search(r"(your|their) post '", unescape(n)) for n in names), names
    assert len(set(names)) == len(names), names


def test_reposts_notifications_profile_and_404_read_as_x_says_them(
    login: Callable[[str], ApiClient],
) -> None:
    """ "Repost @bob's post: '…'", never "Repost post by @bob"; a notification names your
    post by its words and a reply as a reply to it; a profile says the month one joined; the
    404 page points at the menu without saying where it sits."""
    alice, judy = login("alice"), login("judy")
    mine = expect(alice.post("/api/posts", json={"text": "Ran my first 10k today"}), 201)["id"]
    reply = {"text": "Which shoes were you wearing?", "reply_to_id": mine}
    expect(judy.post("/api/posts", json=reply), 201)
    expect(judy.post(f"/api/posts/{mine}/like", json={}), 201)
    browser = as_browser(login("alice"))
    names = _button_names(browser.get("/").text)
    reposts = [n for n in names if n.startswith("Repost ")]
    assert reposts and all(re.match(r"Repost @[\w.-]+'s post", n) for n in reposts), reposts
    page = unescape(browser.get("/notifications").text)
    labels = re.findall(r'aria-label="(Judy Adams [^"]*)"', page)
    assert "Judy Adams liked your post 'Ran my first 10k today'" in labels, labels
    assert (
        "Judy Adams replied to your post 'Ran my first 10k today' with "
        "'Which shoes were you wearing?'" in labels
    ), labels
    assert not [n for n in labels if ": post by @" in n], labels
    profile = browser.get("/u/alice").text
    assert re.search(
        r"Joined (January|February|March|April|May|June|July|August|September|"
        r"October|November|December) \d{4}</span>",
        profile,
    ), "joined month"
    missing = browser.get("/nope", headers={"Accept": "text/html"}).text
    assert "menu above" not in missing and "the site&#39;s menu" in missing


def test_a_profile_says_one_post_count_and_a_likes_page_title_names_its_post(
    login: Callable[[str], ApiClient],
) -> None:
    """alice's profile said "16 posts" over "Posts (17)" (the list has her repost too), and the
    likes page was titled "Liked by (3) · Social", naming no post."""
    alice = login("alice")
    listed = expect(alice.get("/api/users/alice/posts", params={"per_page": 1}), 200)["total"]
    browser = as_browser(login("alice"))
    profile = browser.get("/u/alice").text
    counts = re.findall(r"<strong>(\d+)</strong> <span class=\"x-muted\">posts?</span>", profile)
    assert counts == [str(listed)], counts
    assert "Posts (" not in profile
    settings = browser.get("/settings").text
    assert f"{listed} posts</p>" in settings
    pour_over = post_id(alice, "Trying a new pour-over")
    likes = browser.get(f"/posts/{pour_over}/likes").text
    title = unescape(re.search(r"<title>(.*?)</title>", likes, re.S)[1])  # type: ignore[index]
    assert title.startswith('Liked by 3 people · Alice Martin on Social: "Trying a new pour'), title
