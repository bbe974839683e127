"""A page's title is its one h1, as Confluence shows a page: a body opening with a heading that
repeats the title shows it once ("Incident reports" read as two h1s on /pages/2), and a body's
own h1s read a level down, every word kept. The new page form's Space picker names each space
("Engineering"), as every other page does, and sends its key."""

from __future__ import annotations

import re

from mock_services.kb.markdown import body_html
from tests.form_assertions import as_browser
from tests.helpers import ApiClient, expect


def test_a_body_heading_repeating_the_title_is_not_shown_twice() -> None:
    html = str(body_html("# Incident reports\n\nSee below.\n\n## 2026", None, "Incident reports"))
    assert "<h1>" not in html and "Incident reports" not in html, html
    assert "<h2>2026</h2>" in html and "See below." in html
    other = str(body_html("# Summary\n\nText\n\n## Detail", None, "Incident reports"))
    assert "<h2>Summary</h2>" in other and "<h3>Detail</h3>" in other, other
    assert "<h1>Failover</h1>" in str(body_html("# Failover", None)), "without a title: as typed"


def test_every_page_has_one_h1(service: ApiClient) -> None:
    alice = service.as_user("alice", "alice-pass")
    browser = as_browser(alice)
    pages = expect(alice.get("/api/pages", params={"per_page": 100}), 200)["items"]
    for shown in pages:
        html = browser.get(f"/pages/{shown['id']}").text
        assert len(re.findall(r"<h1[ >]", html)) == 1, (shown["id"], shown["title"])


def test_the_new_page_form_offers_spaces_by_name(service: ApiClient) -> None:
    html = (
        as_browser(service.as_user("alice", "alice-pass"))
        .get("/pages/new", params={"space": "ENG", "parent_id": "2"})
        .text
    )
    picker = re.search(r'<select id="new-space" name="space">(.*?)</select>', html, re.S)
    assert picker, html[:2000]
    options = re.findall(r'<option value="(\w*)"\s*(selected)?>([^<]*)</option>', picker[1])
    assert ("ENG", "selected", "Engineering") in options, options
    assert all(shown != key for key, _, shown in options if key), options
