"""Finance pages name an account's owner by their name, as Xero names a user ("owner Alice
Martin"), never by a username ("owner alice")."""

from __future__ import annotations

from tests.form_assertions import as_browser
from tests.helpers import ApiClient
from tests.page_words import shown_text


def test_an_accounts_owner_is_named_by_their_name(alice: ApiClient) -> None:
    browser = as_browser(alice)
    account = shown_text(browser.get("/accounts/1").text)
    assert "owner Alice Martin" in account and "owner alice" not in account
    accounts = browser.get("/accounts").text
    assert "<td>Alice Martin</td>" in accounts and "<td>alice</td>" not in accounts
    reconciliation = browser.get("/reconciliation").text
    assert "(Alice Martin)</option>" in reconciliation and "(alice)" not in reconciliation
