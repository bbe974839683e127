"""The Chat UI: its forms go through the API's own models and reach the same rows."""

from __future__ import annotations

import pytest

from tests.chat.conftest import PASSWORDS
from tests.form_assertions import (
    FormCase,
    as_browser,
    assert_form_does_what_the_api_does,
    assert_form_refused,
)
from tests.helpers import ApiClient

_NEW = {"title": "Call the bank", "notes": "  ask about fees\n"}
"""A new item, its notes as typed in the text area (indented, ending in a newline)."""
_CHANGED = {"title": "Renew both passports", "notes": "and the ID cards", "status": "done"}
CASES = [
    FormCase(
        "item_create",
        "add_item",
        lambda g: ("POST", "/api/items", _NEW),
        lambda g: ("/items", _NEW),
    ),
    FormCase(
        "item_edit",
        "change_item",
        lambda g: ("PATCH", "/api/items/1", _CHANGED),
        lambda g: ("/items/1/edit", _CHANGED),
    ),
    FormCase(
        "item_delete",
        "delete_item",
        lambda g: ("DELETE", "/api/items/2", None),
        lambda g: ("/items/2/delete", {}),
    ),
]
"""Each form of the UI and the API call that makes the same change (keep one per form)."""


def test_the_items_page_lists_the_users_items(service: ApiClient, alice: ApiClient) -> None:
    page = as_browser(alice).get("/")
    assert page.status_code == 200
    assert "Renew the passport" in page.text and "Fix the bike light" not in page.text


def test_a_refused_form_shows_the_error_next_to_the_field(
    service: ApiClient, alice: ApiClient
) -> None:
    browser = as_browser(alice)
    form = {"title": "Call the bank", "due": "next friday"}
    response = browser.post("/items", data=form, headers={"Referer": service.base_url + "/"})
    assert_form_refused(response, errors={"due": "expected a date"}, kept=form)


@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_each_form_makes_the_change_its_api_route_makes(service: ApiClient, case: FormCase) -> None:
    assert_form_does_what_the_api_does(service, case, PASSWORDS)
