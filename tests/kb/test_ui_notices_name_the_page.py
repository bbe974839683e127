"""A notice after a form names the page it acted on, as "Deleted page 'x'." does: "Published
the page.", "Comment resolved." and "Restored: the page is now version 5." named none. Default
seed (see conftest): page 3 is published in ENG, where alice is an admin; page 12 is frank's
draft."""

from __future__ import annotations

from tests.form_assertions import as_browser
from tests.helpers import ApiClient, expect
from tests.kb.conftest import PASSWORDS
from tests.page_words import shown_text


def test_publishing_restoring_and_comments_name_the_page(service: ApiClient) -> None:
    alice = service.as_user("alice", PASSWORDS["alice"])
    browser = as_browser(alice)
    page = expect(alice.get("/api/pages/3"), 200)
    title, version = page["title"], page["version"]
    said = shown_text(browser.post("/pages/3/restore", data={"version": "1"}).text)
    assert f"Restored '{title}' to version 1: it is now version {version + 1}." in said, said
    said = shown_text(browser.post("/pages/3/comments", data={"body": "Checked."}).text)
    assert f"Added your comment to '{title}'." in said, said[:2000]
    listed = expect(alice.get("/api/pages/3/comments"), 200)
    comment = (listed["items"] if isinstance(listed, dict) else listed)[-1]["id"]
    said = shown_text(browser.post(f"/comments/{comment}/resolve").text)
    assert f"Resolved the comment on '{title}'." in said, said[:2000]
    frank = service.as_user("frank", PASSWORDS["frank"])
    draft = expect(frank.get("/api/pages/12"), 200)["title"]
    said = shown_text(as_browser(frank).post("/pages/12/publish", data={}).text)
    assert f"Published '{draft}'." in said, said[:2000]
    assert "the page" not in said.split("Published", 1)[1][:40]


def test_a_grant_says_its_access_in_words(service: ApiClient) -> None:
    """A space's access levels read as its choices offer them ("Can edit"), in the facts
    under its name and in the notice after a grant, never the API's ``edit``."""
    alice = service.as_user("alice", PASSWORDS["alice"])
    browser = as_browser(alice)
    said = shown_text(
        browser.post("/spaces/ENG/permissions", data={"username": "bob", "level": "edit"}).text
    )
    assert "access to ENG to “Can edit”." in said, said[:2000]
    assert "now has edit access" not in said
    facts = said.split("Default access for members:", 1)[1][:60]
    assert "your access: Admin" in facts and facts.split("·")[0].strip() in (
        "No access",
        "Can view",
        "Can edit",
    ), facts
