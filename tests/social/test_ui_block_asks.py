"""Block asks first, as the UIs' other actions that cannot simply be taken back do (the core's
confirmation dialog): a block ends follows both ways, which an unblock does not give back. The
profile's and the conversation's Block open "Block @bob? ...", whose own button blocks; the
dialog is in the page as served, and opens without scripts (the browser's invoker commands).
Seed (see conftest): alice follows bob."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from mock_services import ui_coverage as uc
from tests.form_assertions import as_browser
from tests.helpers import ApiClient, expect, log_in

QUESTION = "Block @bob? They will no longer see your profile or posts, follow you or write to you"


def block_forms(html: str) -> list[Any]:
    parser = uc.PageParser()
    parser.feed(html)
    return [f for f in parser.forms if f.action.endswith("/u/bob/block")]


@pytest.mark.parametrize(
    ("address", "back"), [("/u/bob", None), ("/messages/bob", "/messages/bob")]
)
def test_block_is_behind_a_dialog_that_names_whom(
    login: Callable[[str], ApiClient], address: str, back: str | None
) -> None:
    page = as_browser(login("alice")).get(address).text
    (form,) = block_forms(page)
    assert (form.confirmed, form.dialog) == (True, "confirm-block-bob")
    assert form.values.get("next") == back
    assert QUESTION in page
    assert 'commandfor="confirm-block-bob" command="show-modal"' in page
    assert ">Block @bob…</button>" in page
    assert 'id="block">Yes, block @bob</button>' in page
    assert ">Don't block @bob</button>" in page


def test_the_dialogs_button_blocks_and_leads_back(login: Callable[[str], ApiClient]) -> None:
    alice = as_browser(login("alice"))
    done = alice.post("/u/bob/block", data={"next": "/messages/bob"})
    assert done.ok and "You blocked @bob." in done.text and 'id="thread-title"' in done.text
    assert not block_forms(done.text), "a blocked account offers Unblock, not Block"
    who = expect(login("alice").get("/api/users/bob"), 200)["relationship"]
    assert who["blocking"] is True and who["following"] is False


@pytest.mark.browser
def test_blocking_asks_first(live_service: Any, page: Any) -> None:
    social = live_service("social")
    alice = social.as_user("alice", "alice-pass")
    log_in(page, social.base_url, "alice", "alice-pass", "/u/bob")
    page.get_by_role("button", name="Block @bob…").click()
    dialog = page.locator("dialog[open]")
    assert QUESTION in dialog.inner_text()
    dialog.get_by_role("button", name="Don't block @bob").click()
    assert page.locator("dialog[open]").count() == 0
    assert expect(alice.get("/api/users/bob"), 200)["relationship"]["blocking"] is False

    page.get_by_role("button", name="Block @bob…").click()
    page.locator("dialog[open]").get_by_role("button", name="Yes, block @bob").click()
    assert "You blocked @bob." in page.inner_text("[role=alert]")
    assert expect(alice.get("/api/users/bob"), 200)["relationship"]["blocking"] is True


@pytest.mark.browser
def test_blocking_asks_first_without_scripts(live_service: Any, browser: Any) -> None:
    """With scripts off the dialog still opens and its button still blocks: both are HTML."""
    social = live_service("social")
    alice = social.as_user("alice", "alice-pass")
    context = browser.new_context(java_script_enabled=False)
    try:
        page = context.new_page()
        log_in(page, social.base_url, "alice", "alice-pass", "/messages/bob")
        assert page.locator("dialog[open]").count() == 0
        page.get_by_role("button", name="Block @bob…").click()
        dialog = page.locator("dialog[open]")
        assert QUESTION in dialog.inner_text()
        dialog.get_by_role("button", name="Yes, block @bob").click()
        assert page.url.endswith("/messages/bob")
        assert expect(alice.get("/api/users/bob"), 200)["relationship"]["blocking"] is True
    finally:
        context.close()
