"""A version's own page offers "Restore this version" to those who may restore it (the history
page's form and the API's ``restore_version``, behind the core's confirmation); a viewer reads,
where the Edit button would be, that they can only view the page and whom to ask; the page
tree says a draft's or an archived page's state inside its link's name. Default seed (see
conftest): page 4 "Deploy process" (ENG, alice an admin) has four versions; bob views FIN,
whose admin is Erin Walsh; page 12 is frank's draft in ENG; page 29 is archived in SALES."""

from __future__ import annotations

import re

from tests.form_assertions import as_browser
from tests.helpers import ApiClient, expect
from tests.kb.conftest import PASSWORDS
from tests.page_words import shown_text


def _restore_dialog(html: str) -> re.Match[str] | None:
    return re.search(
        r'<dialog id="confirm-restore-version"[^>]*>\s*<form method="post" action="([^"]+)">'
        r"(.*?)</form>",
        html,
        re.S,
    )


def test_a_version_page_restores_that_version_after_asking(service: ApiClient) -> None:
    alice = service.as_user("alice", PASSWORDS["alice"])
    before = expect(alice.get("/api/pages/4"), 200)
    browser = as_browser(service.as_user("alice", PASSWORDS["alice"]))
    html = browser.get("/pages/4/versions/3").text
    assert re.search(
        r'<button type="button" class="opens-dialog danger"[^>]*>Restore this version…<', html
    )
    dialog = _restore_dialog(html)
    assert dialog and dialog[1] == "/pages/4/restore", dialog
    assert '<input type="hidden" name="version" value="3">' in dialog[2]
    question = " ".join(re.sub(r"<[^>]+>", " ", dialog[2]).split())
    assert f"Restore version 3 of &#39;{before['title']}&#39;?" in question, question
    current = browser.get(f"/pages/4/versions/{before['version']}").text
    assert _restore_dialog(current) is None, "the current version is restored by no one"
    said = shown_text(browser.post("/pages/4/restore", data={"version": "3"}).text)
    assert f"Restored '{before['title']}' to version 3" in said, said[:1500]
    after = expect(alice.get("/api/pages/4"), 200)
    assert after["version"] == before["version"] + 1
    logged = [(e["operation"], e["via"]) for e in alice.audit()][-1]
    assert logged == ("restore_version", "ui")


def test_a_viewer_reads_that_they_can_only_view_and_whom_to_ask(service: ApiClient) -> None:
    bob = as_browser(service.as_user("bob", PASSWORDS["bob"]))
    html = bob.get("/pages/35").text
    assert 'id="edit-link"' not in html
    note = re.search(r'<p id="view-only"[^>]*>(.*?)</p>', html, re.S)
    assert note and "You can only view this page" in note[1] and "Erin Walsh" in note[1], note
    assert _restore_dialog(bob.get("/pages/35/versions/1").text) is None
    alice = as_browser(service.as_user("alice", PASSWORDS["alice"]))
    assert 'id="view-only"' not in alice.get("/pages/4").text


def test_the_page_tree_names_a_draft_or_archived_page_with_its_state(service: ApiClient) -> None:
    for user, space, title, state in (
        ("frank", "ENG", "API versioning RFC", "Draft"),
        ("bob", "SALES", "Price list 2024", "Archived"),
    ):
        html = as_browser(service.as_user(user, PASSWORDS[user])).get(f"/spaces/{space}").text
        tree = html[html.index('class="cf-tree') :] if 'class="cf-tree' in html else html
        names = [
            " ".join(re.sub(r"<[^>]+>", "", n).split())
            for n in re.findall(r'<a href="/pages/\d+"[^>]*>(.*?)</a>', tree, re.S)
        ]
        assert f"{title} ({state})" in names, (user, names)
