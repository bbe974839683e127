"""A page's title is its one h1, as Confluence shows a page: a body opening with a heading that
repeats the title shows it once ("Incident reports" read as two h1s on /pages/2), and a body's
own h1s read a level down, every word kept. The new page form's Space picker names each space
("Engineering"), as every other page does, and sends its key."""

from __future__ import annotations

import html
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


def _preview(html: str) -> str:
    section = re.search(
        r'<section class="cf-preview" aria-label="Preview">(.*?)</section>', html, re.S
    )
    assert section, html[:2000]
    return section[1]


def _shown_body(html: str, opening: str) -> str:
    found = re.search(rf"{re.escape(opening)}(.*?)</(?:div|article)>", html, re.S)
    assert found, html[:2000]
    return found[1]


def _levels_down(body: str, by: int) -> str:
    """``body`` with every heading ``by`` levels lower (an h2 as an h4)."""
    return re.sub(r"<(/?)h([1-6])\b", lambda m: f"<{m[1]}h{min(int(m[2]) + by, 6)}", body)


def test_the_edit_preview_shows_the_body_as_the_page_does(service: ApiClient) -> None:
    """The editor's preview showed the title, then a body's own "# Title" as an h1 under it:
    the title twice, and a second h1 on the page. It shows the body as the page will."""
    alice = service.as_user("alice", "alice-pass")
    browser = as_browser(service.as_user("alice", "alice-pass"))
    title = expect(alice.get("/api/pages/2"), 200)["title"]
    for body in (
        f"# {title}\n\nWhat to do first.\n\n## Paging\n\nCall the on-call engineer.",
        "What to do first.\n\n# Paging\n\nCall the on-call engineer.",
    ):
        asked = {"title": title, "body": body, "labels": "", "message": ""}
        html = browser.post("/pages/2/preview", data=asked).text
        preview = _preview(html)
        assert len(re.findall(r"<h1[ >]", html)) == 1, preview
        assert preview.count(title) == 1, preview
        # under the preview's h3 title its sections are h4s, as they are h2s under the h1
        assert "<h4>Paging</h4>" in preview and "What to do first." in preview, preview
        shown = _shown_body(preview, '<div class="page-body">')
        expect(alice.patch("/api/pages/2", json={"body": body}), 200)
        page = browser.get("/pages/2").text
        saved = _shown_body(page, 'aria-label="Page body">')
        assert _levels_down(saved, 2).strip() == shown.strip()


def test_the_new_page_preview_shows_a_body_heading_once(service: ApiClient) -> None:
    browser = as_browser(service.as_user("alice", "alice-pass"))
    asked = {"space": "ENG", "title": "Backups", "body": "# Backups\n\nNightly."}
    preview = _preview(browser.post("/pages/new/preview", data=asked).text)
    assert preview.count("Backups") == 1 and "<h1" not in preview, preview
    assert "Nightly." in preview


def test_a_preview_is_a_post_that_changes_nothing(service: ApiClient) -> None:
    """The editor's Preview sends the page's whole text in a body, not an address (a long page
    made a URL of tens of KB), and it is a read: the page and the audit log stay as they were."""
    alice = service.as_user("alice", "alice-pass")
    browser = as_browser(service.as_user("alice", "alice-pass"))
    editor = browser.get("/pages/2/edit").text
    assert 'formmethod="post" formaction="/pages/2/preview"' in editor
    before, logged = expect(alice.get("/api/pages/2"), 200), len(alice.audit())
    body = "Long text. " * 3000
    shown = browser.post("/pages/2/preview", data={"title": "Draft", "body": body})
    assert shown.status_code == 200 and "Not saved yet" in shown.text, shown.status_code
    assert body.strip() in html.unescape(shown.text)
    assert expect(alice.get("/api/pages/2"), 200) == before
    assert len(alice.audit()) == logged, "a preview was logged as a write"
