"""A draft's receipts and limits in the pages' words: the refusal to submit names each item
missing a receipt as the table does (merchant, day, amount), never by its id, and money as
``USD 25.00``; a category's limit says its currency; each item's file box has a name no other
control's name holds."""

from __future__ import annotations

import re

from tests.expense.conftest import DINNER_EUR, new_draft
from tests.form_assertions import as_browser, labels_found_twice
from tests.helpers import ApiClient, expect
from tests.page_words import shown_text


def test_the_refusal_names_the_item_by_its_row_and_money_currency_first(
    expense: ApiClient,
) -> None:
    alice = expense.as_user("alice", "alice-pass")
    draft = new_draft(alice, DINNER_EUR)
    browser = as_browser(alice)
    origin = {"Referer": f"{browser.base_url}/reports/{draft['id']}"}
    refused = browser.post(f"/reports/{draft['id']}/submit", headers=origin)
    said = shown_text(refused.text)
    assert "above USD 25.00 before submitting" in said, said[:600]
    assert "missing for Brasserie Lipp, Thu 26 Feb, EUR 92.50." in said, said[:600]
    assert not re.search(r"item \d+|25\.00 USD", said), said[:600]


def test_category_limits_say_their_currency_and_file_boxes_are_named_once(
    expense: ApiClient,
) -> None:
    alice = expense.as_user("alice", "alice-pass")
    draft = new_draft(alice, DINNER_EUR)
    page = as_browser(alice).get(f"/reports/{draft['id']}").text
    assert ">Meals (limit USD 75.00)</option>" in page, re.findall(r"\(limit [^)]*\)", page)
    assert not re.search(r"\(limit [\d.,]+\)", page)
    assert "Receipt file for Brasserie Lipp, Thu 26 Feb, EUR 92.50</label>" in page
    assert labels_found_twice(page) == []
    expect(alice.get(f"/api/reports/{draft['id']}"), 200)
