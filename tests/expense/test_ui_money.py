"""Expense pages write money as every page of the house does, the currency's code first with
thousands separators ("USD 1,021.80"), not "1021.80 USD"."""

from __future__ import annotations

import re

from tests.form_assertions import as_browser
from tests.helpers import ApiClient
from tests.page_words import shown_text

CODE_AFTER = re.compile(r"(?<![A-Z]{3} )(?<![\d,.])\d[\d,]*\.\d\d [A-Z]{3}\b")


def test_report_pages_write_money_code_first(alice: ApiClient) -> None:
    browser = as_browser(alice)
    listing = shown_text(browser.get("/").text)
    assert CODE_AFTER.findall(listing) == [], CODE_AFTER.findall(listing)[:3]
    assert re.search(r"\bUSD \d[\d,]*\.\d\d\b", listing), listing[:600]
    for path in re.findall(r'href="(/reports/\d+)"', browser.get("/").text)[:3]:
        text = shown_text(browser.get(path).text)
        assert CODE_AFTER.findall(text) == [], (path, CODE_AFTER.findall(text)[:3])
    policy = shown_text(browser.get("/policy").text)
    assert re.search(r"An item above USD \d[\d,]*\.\d\d needs a receipt", policy), policy[:600]
