"""The edit preview keeps the saved page's outline (its title above its sections), search
results read as text rather than Markdown, and New page offers only the spaces the user may
add pages to. Default seed: alice edits ENG and only views HR and SALES."""

from __future__ import annotations

import html
import re

from tests.form_assertions import as_browser
from tests.helpers import ApiClient, expect


def _headings(page: str) -> list[tuple[int, str]]:
    """The headings inside the preview, as (level, text)."""
    preview = page[page.index('class="cf-preview"') :]
    return [
        (int(level), html.unescape(re.sub(r"<[^>]+>", "", text)).strip())
        for level, text in re.findall(r"<h([1-6])[^>]*>(.*?)</h\1>", preview, re.S)
    ]


def test_the_edit_preview_ranks_the_title_above_the_page_sections(service: ApiClient) -> None:
    browser = as_browser(service.as_user("alice", "alice-pass"))
    body = "# Release notes 2026-02\n\n# Section one\n\nText.\n\n## Sub\n\nMore."
    typed = {"title": "Release notes 2026-02", "body": body}
    found = _headings(browser.post("/pages/13/preview", data=typed).text)
    assert found == [(2, "Preview"), (3, "Release notes 2026-02"), (4, "Section one"), (5, "Sub")]


def test_the_new_page_preview_ranks_the_title_above_the_page_sections(service: ApiClient) -> None:
    browser = as_browser(service.as_user("alice", "alice-pass"))
    typed = {"title": "Plan", "body": "## Part A\n\n### Sub A\n"}
    found = _headings(browser.post("/pages/new/preview", data=typed).text)
    assert found == [(2, "Preview"), (3, "Plan"), (4, "Part A"), (5, "Sub A")]


def test_the_edit_page_has_no_space_before_a_colon(service: ApiClient) -> None:
    page = as_browser(service.as_user("alice", "alice-pass")).get("/pages/4/edit").text
    words = " ".join(html.unescape(re.sub(r"<[^>]+>", " ", page)).split())
    assert "Published · saving makes version 5" in words and " : " not in words


def test_search_snippets_read_as_text_not_markdown(service: ApiClient) -> None:
    alice = service.as_user("alice", "alice-pass")
    body = (
        "# Tier 1 triage rules\n\nTriage is the **first** look at a ticket.\n\n## Priority\n\n"
        "| priority | when |\n|---|---|\n| urgent | a customer is down |\n\nSee [[Deploy process]]."
    )
    expect(alice.post("/api/pages", json={"space": "ENG", "title": "Triage", "body": body}), 201)
    page = as_browser(service.as_user("alice", "alice-pass")).get("/search?q=triage+urgent").text
    snippets = [
        html.unescape(re.sub(r"<[^>]+>", "", s))
        for s in re.findall(r'<p class="snippet">(.*?)</p>', page, re.S)
    ]
    mine = [s for s in snippets if "customer is down" in s]
    assert mine, snippets
    for mark in ("#", "|", "---", "[[", "**"):
        assert mark not in mine[0], mine[0]
    assert "Triage is the first look at a ticket. Priority priority when urgent" in mine[0]
    assert "See Deploy process." in mine[0]


def test_new_page_offers_only_the_spaces_the_user_may_add_pages_to(service: ApiClient) -> None:
    page = as_browser(service.as_user("alice", "alice-pass")).get("/pages/new").text
    picker = re.search(r'<select id="new-space"[^>]*>(.*?)</select>', page, re.S)
    assert picker is not None
    offered = re.findall(r'<option value="(\w+)"', picker[1])
    assert offered == ["ENG"], offered
    parents = re.search(r'<select id="new-parent_id"[^>]*>(.*?)</select>', page, re.S)
    assert parents is not None and "HR ·" not in parents[1] and "SALES ·" not in parents[1]
    assert "You can only view HR Policies, Sales Playbook" in html.unescape(page)


def test_a_refused_new_page_names_the_space_admin_as_the_pages_name_people(
    service: ApiClient,
) -> None:
    alice = service.as_user("alice", "alice-pass")
    space = expect(alice.get("/api/spaces/HR"), 200)
    admins = [p for p in space["permissions"] if p["level"] == "admin"]
    assert [(a["username"], a["display_name"]) for a in admins] == [("carol", "Carol Diaz")]
    form = {"space": "HR", "title": "Leave policy notes", "body": "Draft.", "status": "published"}
    page = as_browser(alice).post("/pages", data=form, headers={"Referer": "/pages/new"})
    text = html.unescape(" ".join(re.sub(r"<[^>]+>", " ", page.text).split()))
    assert "ask a space admin (Carol Diaz) for edit access, or comment instead" in text, text[:3000]
    assert "(carol)" not in text
    refused = alice.post("/api/pages", json=form)  # the API names the username its routes take
    assert refused.status_code == 403
    assert "ask a space admin (carol) for edit access" in refused.text
