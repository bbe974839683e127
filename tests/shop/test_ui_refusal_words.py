"""A refused form says why in the words of a person filling it, next to the field, never in
pydantic's ("input should be less than or equal to 99")."""

from __future__ import annotations

from tests.form_assertions import as_browser, assert_form_refused
from tests.helpers import ApiClient


def test_a_quantity_past_its_limit_is_said_in_plain_words(shop: ApiClient) -> None:
    browser = as_browser(shop.as_user("alice", "alice-pass"))
    response = browser.post(
        "/cart/add",
        data={"product_id": "1", "quantity": "100"},
        headers={"Referer": shop.base_url + "/products/1"},
    )
    assert_form_refused(
        response, errors={"quantity": "must be at most 99"}, kept={"quantity": "100"}
    )
    assert "input should be" not in response.text.lower()
