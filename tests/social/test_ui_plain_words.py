"""Social pages in X's words: a missing account or post says so plainly ("This account doesn't
exist", "This post is unavailable"), never the API's "no user @…; find people with …", and each
reply-count link is named by its post ("Replies to Bob Chen's post …: 0"), never just "0"."""

from __future__ import annotations

import re
from collections import Counter
from html import unescape

from tests.form_assertions import as_browser
from tests.helpers import ApiClient
from tests.page_words import shown_text

HTML = {"Accept": "text/html"}


def test_missing_accounts_and_posts_are_told_plainly(social: ApiClient) -> None:
    browser = as_browser(social.as_user("alice", "alice-pass"))
    for path, said in (
        ("/u/nobodyhere", "This account doesn't exist"),
        ("/posts/99999", "This post is unavailable"),
        ("/posts/99999/likes", "This post is unavailable"),
    ):
        response = browser.get(path, headers=HTML)
        assert response.status_code == 404, path
        text = shown_text(response.text)
        assert said in text, text[:600]
        assert "no user @" not in text and "no post 99999" not in text and "/api" not in text
    api = social.as_user("alice", "alice-pass").get("/api/posts/99999")
    assert api.status_code == 404 and "no post 99999" in api.json()["error"]["message"]


def test_reply_count_links_name_their_post(social: ApiClient) -> None:
    html = as_browser(social.as_user("alice", "alice-pass")).get("/", headers=HTML).text
    links = re.findall(r'<a [^>]*class="replies"[^>]*>(.*?)</a>', html, re.S)
    assert links, "expected reply links on the timeline"
    names = [" ".join(unescape(re.sub(r"<[^>]*>", " ", link)).split()) for link in links]
    assert all(re.fullmatch(r"Replies to .+: \d+", name) for name in names), names[:3]
    assert Counter(names).most_common(1)[0][1] == 1, names


def test_a_replys_link_names_the_post_it_answers_and_likes_link_back_by_name(
    social: ApiClient,
) -> None:
    """ "Replying to @bob" was named "The post post by @alice: '…' replies to, by @bob": "post"
    twice, broken grammar, and the reply's own words. It now names the post answered, then
    the reply; the likes page's link back was just "Post", as the sidebar's compose link."""
    api = social.as_user("alice", "alice-pass")
    posts = api.get("/api/users/alice/posts", params={"per_page": 50}).json()["items"]
    reply = next(p for p in posts if p.get("reply_to_id"))
    answered = api.get(f"/api/posts/{reply['reply_to_id']}").json()
    browser = as_browser(social.as_user("alice", "alice-pass"))
    page = unescape(browser.get(f"/posts/{reply['id']}", headers=HTML).text)
    names = re.findall(r'<p class="replying"><a href="[^"]+" aria-label="([^"]+)">', page)
    head = f"Replying to @{answered['author']['username']}'s post '{answered['text'][:20]}"
    assert names and names[0].startswith(head), (names, head)
    assert names[0].endswith("'") and ", in @alice's reply: '" in names[0], names
    assert "post post" not in page and " replies to, by " not in page
    likes = unescape(browser.get(f"/posts/{answered['id']}/likes", headers=HTML).text)
    back = re.search(r'<a href="/posts/\d+" aria-label="(Back to [^"]+)">Post</a>', likes)
    owner = answered["author"]["username"]
    assert back and back[1].startswith(f"Back to @{owner}'s post: '"), likes[:1500]
