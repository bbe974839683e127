"""The expense forms go through the API's own models: a refused form comes back with the
message next to the field and the input kept; an accepted one makes what the API makes."""

from __future__ import annotations

import base64

from tests.expense.conftest import DINNER_EUR, TAXI, new_draft
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


def test_a_form_refused_twice_is_shown_again_on_its_page_both_times(
    expense: ApiClient, alice: ApiClient
) -> None:
    """The first refusal shows the report page at the form's address; sent again from there,
    the form is refused on the report page again, not as a bare list of errors."""
    report = new_draft(alice)
    browser = as_browser(expense.as_user("alice", "alice-pass"))
    page = f"{expense.base_url}/reports/{report['id']}"
    action = f"/reports/{report['id']}/items"
    first = browser.post(
        action, data={**_DINNER_FORM, "amount": "1,234.50"}, headers={"Referer": page}
    )
    assert_form_refused(first, errors={"amount": "expected a number"}, kept={"amount": "1,234.50"})
    again = browser.post(
        action,
        data={**_DINNER_FORM, "amount": "abc"},
        headers={"Referer": expense.base_url + action},
    )
    assert_form_refused(again, errors={"amount": "expected a number"}, kept={"amount": "abc"})
    assert 'id="logout"' in again.text and report["code"] in again.text  # the report page
    assert _items(alice, report["id"]) == []


def test_item_form_adds_what_the_api_adds(expense: ApiClient, alice: ApiClient) -> None:
    by_api = new_draft(alice, DINNER_EUR)
    by_form = new_draft(alice)
    browser = as_browser(expense.as_user("alice", "alice-pass"))
    added = browser.post(f"/reports/{by_form['id']}/items", data=_DINNER_FORM)
    assert added.status_code == 200 and "Added Brasserie Lipp." in added.text
    assert _items(alice, by_form["id"]) == _items(alice, by_api["id"]) != []


def _browser(expense: ApiClient, user: str = "alice") -> ApiClient:
    return as_browser(expense.as_user(user, f"{user}-pass"))


def test_refused_report_edit_keeps_what_was_typed(expense: ApiClient, alice: ApiClient) -> None:
    report = new_draft(alice)
    page = f"/reports/{report['id']}"
    response = _browser(expense).post(
        f"{page}/edit",
        data={"title": "", "purpose": "Meet ACME in Boston"},
        headers={"Referer": expense.base_url + page},
    )
    assert_form_refused(
        response, errors={"title": "is required"}, kept={"purpose": "Meet ACME in Boston"}
    )
    shown = expect(alice.get(f"/api{page}"), 200)
    assert (shown["title"], shown["purpose"]) == ("Client trip", "")


def test_refused_item_edit_keeps_what_was_typed(expense: ApiClient, alice: ApiClient) -> None:
    report = new_draft(alice, TAXI)
    item = report["items"][0]
    page = f"/reports/{report['id']}/items/{item['id']}"
    browser = _browser(expense)
    assert f'href="{page}"' in browser.get(f"/reports/{report['id']}").text
    form = {**TAXI, "merchant": "Checker Cab", "amount": "lots"}
    response = browser.post(f"{page}/edit", data=form, headers={"Referer": expense.base_url + page})
    assert_form_refused(
        response,
        errors={"amount": "expected a number"},
        kept={"amount": "lots", "merchant": "Checker Cab", "category": "ground-transport"},
    )
    assert _items(alice, report["id"])[0]["merchant"] == "Yellow Cab"


def test_find_report_by_code_opens_it_or_says_why_not(expense: ApiClient, alice: ApiClient) -> None:
    report = new_draft(alice)
    browser = _browser(expense)
    assert 'action="/reports/find"' in browser.get("/").text
    found = browser.get("/reports/find", params={"code": report["code"].lower()})
    assert found.url.endswith(f"/reports/{report['id']}") and report["code"] in found.text
    missing = browser.get("/reports/find", params={"code": "EXP-9999"})
    assert missing.status_code == 200 and 'id="not-found"' in missing.text
    bobs = _browser(expense, "bob").get("/reports/find", params={"code": report["code"]})
    assert 'id="not-found"' in bobs.text  # another's draft stays hidden


def test_receipt_page_shows_the_receipt_and_downloads_the_file(
    expense: ApiClient, alice: ApiClient
) -> None:
    report = new_draft(alice, TAXI)
    item = f"/reports/{report['id']}/items/{report['items'][0]['id']}"
    content = b"Yellow Cab\n18.40 USD <paid>"
    receipt = {
        "filename": "cab.txt",
        "content_type": "text/plain",
        "content_base64": base64.b64encode(content).decode(),
    }
    receipt_id = expect(alice.post(f"/api{item}/receipts", json=receipt), 201)["id"]
    browser = _browser(expense)
    assert f'href="{item}/receipts/{receipt_id}"' in browser.get(f"/reports/{report['id']}").text
    shown = browser.get(f"{item}/receipts/{receipt_id}")
    assert shown.status_code == 200 and "18.40 USD &lt;paid&gt;" in shown.text
    file = browser.get(f"{item}/receipts/{receipt_id}/file")
    assert file.content == content == alice.get(f"/api{item}/receipts/{receipt_id}").content
    assert 'filename="cab.txt"' in file.headers["Content-Disposition"]


def test_export_from_the_ui_is_the_api_export(expense: ApiClient) -> None:
    bob = expense.as_user("bob", "bob-pass")
    browser = _browser(expense, "bob")
    assert 'action="/export.csv"' in browser.get("/export").text
    chosen = {"scope": "team", "status": "reimbursed", "report": ""}
    by_ui = browser.get("/export.csv", params=chosen)
    by_api = bob.get("/api/export.csv", params={"scope": "team", "status": "reimbursed"})
    assert by_ui.status_code == 200 and by_ui.headers["Content-Type"].startswith("text/csv")
    assert by_ui.text == by_api.text and len(by_ui.text.splitlines()) > 1


def test_policy_page_lists_every_category_and_currency(expense: ApiClient) -> None:
    shown = _browser(expense).get("/policy").text
    for category in expect(expense.get("/api/categories"), 200)["items"]:
        assert f'data-category="{category["slug"]}"' in shown
    for currency in expect(expense.get("/api/currencies"), 200)["items"]:
        assert f'data-currency="{currency["code"]}"' in shown
    policy = expect(expense.get("/api/policy"), 200)
    assert f"{policy['base_currency']} {policy['receipt_required_above']:,.2f}" in shown
