"""The Finance UI: every page renders for a logged-in user, refused forms show why next to
the field with the input kept, and (in Chromium) a user matches a payment from the
reconciliation page."""

from __future__ import annotations

from typing import Any

import pytest

from tests.form_assertions import as_browser, assert_form_refused
from tests.helpers import ApiClient, expect

PAGES = [
    "/", "/accounts/1?start=2026-02-01&end=2026-02-28", "/transactions",
    "/transactions?category=none&account_id=3", "/transactions/140", "/categories",
    "/contacts", "/invoices", "/invoices?status=overdue", "/invoices/INV-0004",
    "/invoices/INV-0007", "/reconciliation", "/budgets", "/budgets?month=2026-02",
    "/recurring", "/recurring/4",
]  # fmt: skip


def test_every_page_renders(alice: ApiClient) -> None:
    browser = as_browser(alice)
    for path in PAGES:
        page = browser.get(path)
        assert page.status_code == 200 and "<h1" in page.text, (path, page.status_code)


def test_pages_need_login(service: ApiClient) -> None:
    response = service.get("/invoices", allow_redirects=False)
    assert response.status_code == 302 and "/login" in response.headers["Location"]


def test_a_refused_form_shows_the_error_next_to_the_field(
    service: ApiClient, alice: ApiClient
) -> None:
    form = {"account_id": "1", "amount": "12,50", "merchant": "Uber", "status": "posted"}
    answer = as_browser(alice).post(
        "/transactions", data=form, headers={"Referer": service.base_url + "/transactions"}
    )
    assert_form_refused(answer, errors={"amount": "number"}, kept={"merchant": "Uber"})


def test_a_refused_invoice_line_is_shown_by_that_line(service: ApiClient, alice: ApiClient) -> None:
    form = {"direction": "issued", "contact": "Initech", "line2_description": "Poster",
            "line2_unit_price": "ten", "status": "draft"}  # fmt: skip
    answer = as_browser(alice).post(
        "/invoices", data=form, headers={"Referer": service.base_url + "/invoices"}
    )
    assert_form_refused(
        answer, errors={"line2_unit_price": "number"}, kept={"line2_description": "Poster"}
    )


@pytest.mark.browser
def test_a_suggested_match_is_recorded_in_the_browser(service: ApiClient, page: Any) -> None:
    """The reconciliation page's Match button, found by its accessible name as a browsing
    agent finds it, pays the invoice; the API sees it paid."""
    page.goto(f"{service.base_url}/login?next=/reconciliation")
    page.fill("#username", "alice")
    page.fill("#password", "alice-pass")
    page.click("#login")
    page.get_by_role("button", name="Match transaction 27 to INV-0004").click()
    page.goto(f"{service.base_url}/invoices/INV-0004")
    assert page.inner_text("#invoice-status") == "paid"
    invoice = expect(service.as_user("alice", "alice-pass").get("/api/invoices/INV-0004"), 200)
    assert invoice["payments"][0]["transaction_id"] == 27
