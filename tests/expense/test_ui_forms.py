"""The expense forms go through the API's own models: a refused form comes back with the
message next to the field and the input kept; an accepted one makes what the API makes."""

from __future__ import annotations

from tests.expense.conftest import DINNER_EUR, new_draft
from tests.form_assertions import as_browser, assert_form_refused
from tests.helpers import ApiClient, expect

_DINNER_FORM = {**DINNER_EUR, "amount": "92.50", "description": ""}


def _items(client: ApiClient, report_id: int) -> list[dict]:
    items = expect(client.get(f"/api/reports/{report_id}"), 200)["items"]
    return [{k: v for k, v in item.items() if k != "id"} for item in items]


def test_refused_item_form_shows_the_error_next_to_the_field(
    expense: ApiClient, alice: ApiClient
) -> None:
    report = new_draft(alice)
    browser = as_browser(expense.as_user("alice", "alice-pass"))
    response = browser.post(
        f"/reports/{report['id']}/items",
        data={**_DINNER_FORM, "amount": "ninety"},
        headers={"Referer": f"{expense.base_url}/reports/{report['id']}"},
    )
    assert_form_refused(
        response,
        errors={"amount": "expected a number"},
        kept={"amount": "ninety", "merchant": "Brasserie Lipp", "currency": "EUR"},
    )
    assert _items(alice, report["id"]) == []


def test_item_form_adds_what_the_api_adds(expense: ApiClient, alice: ApiClient) -> None:
    by_api = new_draft(alice, DINNER_EUR)
    by_form = new_draft(alice)
    browser = as_browser(expense.as_user("alice", "alice-pass"))
    added = browser.post(f"/reports/{by_form['id']}/items", data=_DINNER_FORM)
    assert added.status_code == 200 and "Added Brasserie Lipp." in added.text
    assert _items(alice, by_form["id"]) == _items(alice, by_api["id"]) != []
