"""The Knowledge Base UI: its pages show what the API answers, every control has its own
accessible name, a refused form is shown again with the errors by the fields and the input
kept, and a refused action is flashed."""

from __future__ import annotations

import html
import re
from collections import Counter
from typing import Any

import pytest

from tests.form_assertions import (
    as_browser,
    assert_action_refused,
    assert_form_refused,
    labels_found_twice,
)
from tests.helpers import ApiClient, expect, log_in

PAGES = [
    ("/", ["Engineering", "Your drafts", "API versioning RFC", "Create space"]),
    ("/spaces/ENG", ["Page tree", "Postmortem template", "Ivan Petrov (ivan)", "Grant access"]),
    ("/spaces/HR", ["Hybrid work policy 2026", "Carol Diaz (carol)"]),
    ("/pages?label=runbook&sort=oldest", ["3 pages", "On-call runbook", "Database failover"]),
    ("/pages/new?space=ENG&parent_id=6", ["Create page", 'value="6"']),
    ("/pages/4", ["Deploy process", "version 4", "Incident response</a>", "no such page you"]),
    ("/pages/4/edit", ["saving makes version 5", "Save page"]),
    ("/pages/4/history", ["Canary releases", "changes in 4", "Restore version"]),
    ("/pages/4/versions/1", ["version 1", "<strong>Jenkins</strong>"]),
    ("/pages/4/diff?from_version=1&to_version=2", ["version 1 to 2", "+2. GitHub Actions"]),
    ("/pages/12", ["draft", "Publish draft"]),
    ("/search?q=remote+work&space=&label=", ["<mark>Remote</mark> <mark>work</mark> policy"]),
    ("/search", ["Words to find"]),
    ("/people", ["Ivan Petrov", "Contract Developer"]),
]


@pytest.mark.parametrize(("path", "shown"), PAGES, ids=[p for p, _ in PAGES])
def test_each_page_shows_the_wiki(alice: ApiClient, path: str, shown: list[str]) -> None:
    page = as_browser(alice).get(path)
    assert page.status_code == 200, page.text[:300]
    for text in shown:
        assert text in page.text, f"{path}: {text!r} not shown"


def test_a_viewer_gets_no_forms_to_change_a_space(ivan: ApiClient) -> None:
    browser = as_browser(ivan)
    page = browser.get("/spaces/ENG").text
    assert "Grant access" not in page and "Save space" not in page
    assert "Edit this page" not in browser.get("/pages/4").text


def _accessible_names(html: str) -> list[str]:
    """Each field's label text (by ``for`` or wrapping it) and each button's text."""
    html = re.sub(r"<svg\b.*?</svg>", "", html, flags=re.DOTALL)  # icons are decorative
    labels = dict(re.findall(r'<label for="([^"]+)">([^<]+)</label>', html))
    wrapped = re.findall(r'<label><input[^>]*\bid="([^"]+)"', html)
    names = [
        labels.get(field_id) or f"unlabelled #{field_id}"
        for field_id in re.findall(r'<(?:input|select|textarea)[^>]*\bid="([^"]+)"', html)
        if field_id not in wrapped
    ]
    names += re.findall(r"<label><input[^>]*>\s*([^<]+)</label>", html)
    return names + re.findall(r"<button[^>]*>([^<]+)</button>", html)


@pytest.mark.parametrize(
    "path", ["/", "/spaces/ENG", "/pages/4", "/pages/4/history", "/pages/12", "/search?q=x"]
)
def test_every_control_has_its_own_accessible_name(alice: ApiClient, path: str) -> None:
    names = _accessible_names(as_browser(alice).get(path).text)
    assert not [n for n in names if n.startswith("unlabelled")], names
    assert [n for n, count in Counter(names).items() if count > 1] == []


@pytest.mark.parametrize(
    "path",
    [
        "/",
        "/spaces/ENG",
        "/pages/new",
        "/pages/4",
        "/pages/4/edit",
        "/pages/4/history",
        "/pages/12",
    ],
)
def test_no_field_label_is_part_of_another_name(alice: ApiClient, path: str) -> None:
    """``get_by_label("Title")`` finds the title field alone, not also the page text's."""
    assert labels_found_twice(as_browser(alice).get(path).text) == []


def test_a_refused_new_page_shows_each_error_by_its_field(
    service: ApiClient, alice: ApiClient
) -> None:
    form = {"space": "ENG", "title": "", "labels": "two words", "status": "later", "body": "x"}
    response = as_browser(alice).post(
        "/pages", data=form, headers={"Referer": service.base_url + "/pages/new"}
    )
    assert_form_refused(
        response,
        errors={"title": "is required", "labels": "not a tag name", "status": "draft"},
        kept={"labels": "two words", "body": "x"},
    )


def test_a_refused_comment_keeps_nothing_and_says_why(service: ApiClient, alice: ApiClient) -> None:
    response = as_browser(alice).post(
        "/pages/4/comments",
        data={"body": "   "},
        headers={"Referer": service.base_url + "/pages/4"},
    )
    assert_form_refused(response, errors={"body": "is required"}, kept={})


def test_a_refused_action_is_shown_on_the_page_it_came_from(
    service: ApiClient, alice: ApiClient
) -> None:
    browser = as_browser(alice)
    answer = browser.post("/pages/7/delete", headers={"Referer": service.base_url + "/pages/7"})
    assert_action_refused(answer, 409, "Page 7 has 1 subpage(s)")


@pytest.mark.parametrize("path", ["/pages/new", "/pages/4/edit", "/"])
def test_a_field_carries_its_limits_as_attributes(alice: ApiClient, path: str) -> None:
    """``maxlength`` and ``min`` reach the browser as attributes, not as escaped quotes."""
    html = as_browser(alice).get(path).text
    assert not re.search(r'\b(min|max|maxlength)="&', html)
    assert re.search(r'<input [^>]* maxlength="\d+"', html)


def test_a_new_page_with_a_taken_title_keeps_what_was_typed(
    service: ApiClient, alice: ApiClient
) -> None:
    """A duplicate title is the title field's refusal: the page text typed is not lost."""
    form = {
        "space": "ENG",
        "parent_id": "",
        "title": "Deploy process",
        "body": "# Steps\n\n1. Tag the release\n2. Watch the dashboards",
        "labels": "deploy, runbook",
        "status": "draft",
        "message": "first cut",
    }
    response = as_browser(alice).post(
        "/pages", data=form, headers={"Referer": service.base_url + "/pages/new?space=ENG"}
    )
    assert_form_refused(
        response,
        errors={"title": "a page titled 'Deploy process' already exists in ENG"},
        kept={k: v for k, v in form.items() if k != "parent_id"},
    )
    assert "/api/" not in response.text
    titles = [
        p["title"] for p in expect(alice.get("/api/pages?space=ENG&per_page=100"), 200)["items"]
    ]
    assert titles.count("Deploy process") == 1


def test_renaming_a_page_to_a_taken_title_keeps_the_edit(
    service: ApiClient, alice: ApiClient
) -> None:
    form = {
        "title": "deploy process (OLD)",
        "body": "Rewritten text",
        "labels": "deploy",
        "message": "rename",
    }
    response = as_browser(alice).post(
        "/pages/4/edit", data=form, headers={"Referer": service.base_url + "/pages/4/edit"}
    )
    assert_form_refused(
        response,
        errors={"title": "a page titled 'Deploy process (old)' already exists in ENG"},
        kept=form,
    )
    assert expect(alice.get("/api/pages/4"), 200)["title"] == "Deploy process"


@pytest.mark.browser
def test_an_editor_restores_a_version_in_the_browser(service: ApiClient, page: Any) -> None:
    """Every control is reached by its role and accessible name, as a browsing agent does."""
    base = service.base_url
    log_in(page, base, "alice", "alice-pass", "/search")
    page.get_by_label("Words to find").fill("freeze")
    page.get_by_role("button", name="Search").click()
    page.get_by_role("link", name="Deploy process").first.click()
    page.get_by_role("link", name="history").click()
    page.get_by_label("Version to restore").select_option("3")
    page.get_by_label("Restore message").fill("The freeze moved to the close checklist")
    page.get_by_role("button", name="Restore version").click()
    assert ": it is now version 5." in page.inner_text("[role=alert]")
    page.get_by_label("Your comment").fill("Restored: see FIN's checklist for freezes.")
    page.get_by_role("button", name="Add comment").click()
    assert "Added your comment to " in page.inner_text("[role=alert]")

    alice = service.as_user("alice", "alice-pass")
    history = expect(alice.get("/api/pages/4/versions"), 200)["items"]
    assert (history[0]["number"], history[0]["message"]) == (
        5,
        "The freeze moved to the close checklist",
    )
    comments = expect(alice.get("/api/pages/4/comments"), 200)["items"]
    assert comments[-1]["body"] == "Restored: see FIN's checklist for freezes."


def test_a_cleared_title_or_space_name_is_refused_not_ignored(
    service: ApiClient, alice: ApiClient
) -> None:
    browser = as_browser(alice)
    title_before = expect(alice.get("/api/pages/1"), 200)["title"]
    page = browser.post(
        "/pages/1/edit",
        data={"title": " ", "body": "changed body"},
        headers={"Referer": service.base_url + "/pages/1/edit"},
    )
    assert_form_refused(page, errors={"title": "is required"}, kept={"body": "changed body"})
    assert expect(alice.get("/api/pages/1"), 200)["title"] == title_before
    space = browser.post(
        "/spaces/ENG/settings",
        data={"name": "", "description": "kept"},
        headers={"Referer": service.base_url + "/spaces/ENG"},
    )
    assert_form_refused(space, errors={"name": "is required"}, kept={})
    assert expect(alice.get("/api/spaces/ENG"), 200)["name"] == "Engineering"


def test_people_are_named_by_their_names_not_their_handles(alice: ApiClient) -> None:
    """ "Recently changed" and a page's byline name people as Confluence does ("by Alice
    Martin"), not by their usernames ("by alice")."""
    names = {
        u["username"]: u["display_name"] for u in expect(alice.get("/api/users"), 200)["items"]
    }
    browser = as_browser(alice)
    for path in ("/", "/pages/4", "/pages"):
        text = browser.get(path).text
        assert re.search(f"by ({'|'.join(names.values())})", text), f"{path}: no byline"
        handles = re.findall(rf"by ({'|'.join(names)})\b", text)
        assert handles == [], f"{path} names people by their handles: {handles}"


def test_a_pages_byline_says_its_status_once_and_no_internal_number(alice: ApiClient) -> None:
    """The byline read "published Page 5 · published": a page number no Confluence page shows
    and its status twice. It now reads its status lozenge, then version and changes."""
    html = alice.get("/pages/5").text
    byline = re.sub(r"<[^>]+>", " ", html.split('class="cf-byline">', 1)[1].split("</p>", 1)[0])
    words = " ".join(byline.split())
    assert "Page 5" not in words and words.count("Published") == 1, words
    assert re.match(r"Published version \d+ \( history \) · created by ", words), words


def test_a_new_page_picks_its_parent_by_title_the_top_level_first(alice: ApiClient) -> None:
    """ "Parent page id (empty: top level)" asked for a number read out of an address: the new
    page's form picks the parent from each space's page tree by title, "Top level" first, and
    "Add a subpage" comes with its page chosen."""
    browser = as_browser(alice)
    page = browser.get("/pages/new?space=ENG&parent_id=6").text
    assert "Parent page id" not in page
    picker = re.search(r'<select id="new-parent_id" name="parent_id">(.*?)</select>', page, re.S)
    assert picker is not None
    options = re.findall(r'<option value="([^"]*)"( selected)?>([^<]*)</option>', picker[1])
    assert options[0] == ("", "", "Top level (no parent page)")
    parent = expect(alice.get("/api/pages/6"), 200)
    chosen = [(v, t.split(" · ", 1)[0], t.rsplit(" / ", 1)[-1]) for v, s, t in options if s]
    assert chosen == [("6", "ENG", parent["title"].rsplit(" / ", 1)[-1])], chosen
    form = {"space": "ENG", "title": "Picked parent", "parent_id": "6", "status": "published",
            "body": "x"}  # fmt: skip
    created = browser.post("/pages", data=form)
    assert created.status_code == 200
    made = next(
        p
        for p in expect(alice.get("/api/pages", params={"per_page": 100}), 200)["items"]
        if p["title"] == "Picked parent"
    )
    assert made["parent_id"] == 6


def test_the_parent_picker_is_plain_options_named_by_space_the_chosen_space_first(
    alice: ApiClient,
) -> None:
    """The parent picker grouped each space's pages in an ``<optgroup>``, which Playwright's
    accessibility snapshot leaves out: agents saw only "Top level" and not the parent "Add a
    subpage" had chosen. Each page is now a plain option named by its space and path, and
    the chosen space's pages come first."""
    page = as_browser(alice).get("/pages/new?space=ENG&parent_id=6").text
    picker = re.search(r'<select id="new-parent_id" name="parent_id">(.*?)</select>', page, re.S)
    assert picker is not None and "<optgroup" not in picker[1]
    options = re.findall(r'<option value="(\d+)"( selected)?>([^<]*)</option>', picker[1])
    names = [html.unescape(t) for _v, _s, t in options]
    spaces = [n.split(" · ", 1)[0] for n in names]
    assert spaces[0] == "ENG" and spaces == sorted(spaces, key=lambda k: k != "ENG"), spaces
    assert len(set(names)) == len(names), names
    chosen = [html.unescape(t) for v, s, t in options if s]
    title = expect(alice.get("/api/pages/6"), 200)["title"]
    assert len(chosen) == 1 and chosen[0].startswith("ENG · ") and chosen[0].endswith(title)


def test_the_move_picker_names_each_page_by_its_path(alice: ApiClient) -> None:
    """ "Move under" offered "· · Failover drill checklist", dots for depth that do not say whose
    child a page is; each option now reads as the new-page picker's, "Parent / Child"."""
    listed = expect(alice.get("/api/pages", params={"per_page": 100}), 200)["items"]
    child = next(p for p in listed if p["parent_id"] is not None)
    parent = expect(alice.get(f"/api/pages/{child['parent_id']}"), 200)
    other = next(p for p in listed if p["space"] == child["space"] and p["id"] != child["id"])
    page = html.unescape(as_browser(alice).get(f"/pages/{other['id']}").text)
    picker = re.search(r'<select id="move-parent_id" name="parent_id">(.*?)</select>', page, re.S)
    assert picker is not None, "no Move under picker"
    names = re.findall(r'<option value="\d+"[^>]*>([^<]*)</option>', picker[1])
    assert names and not any(n.startswith("·") for n in names), names
    assert any(n.endswith(f"{parent['title']} / {child['title']}") for n in names), names


def test_saving_a_page_names_it(service: ApiClient, alice: ApiClient) -> None:
    """The notice after "Save page" read "Saved the page." with no word of which."""
    form = {"title": "Deploy process", "body": "Rewritten text", "labels": "deploy",
            "message": "clearer steps"}  # fmt: skip
    saved = as_browser(alice).post("/pages/4/edit", data=form)
    assert "Saved the page “Deploy process”." in html.unescape(saved.text), saved.text[:600]
