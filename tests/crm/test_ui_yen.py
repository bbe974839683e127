"""CRM pages write money with its currency's own decimals: a yen deal is "JPY 24,000,000",
not "JPY 24,000,000.00" (ISO 4217: the yen has no minor unit)."""

from __future__ import annotations

from tests.form_assertions import as_browser
from tests.helpers import ApiClient
from tests.page_words import shown_text


def test_a_yen_deal_has_no_decimals(service: ApiClient) -> None:
    browser = as_browser(service.as_user("kenji", "kenji-pass"))
    text = shown_text(browser.get("/deals").text)
    assert "JPY 24,000,000" in text, text[:800]
    assert "JPY 24,000,000.00" not in text
