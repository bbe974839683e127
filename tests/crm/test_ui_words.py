"""The CRM's pages write days in words (a close date reads "Mon 23 Mar", never a bare ISO
date) and money as every page of the house does, the currency's code first."""

from __future__ import annotations

import re

import pytest

from tests.crm.test_ui import PAGES
from tests.form_assertions import as_browser
from tests.helpers import ApiClient
from tests.page_words import iso_days_shown, shown_text


@pytest.mark.parametrize("path", PAGES)
def test_no_page_shows_a_bare_iso_date(alice: ApiClient, path: str) -> None:
    assert iso_days_shown(as_browser(alice).get(path).text) == [], path


def test_a_deal_shows_its_close_date_in_words_and_its_amount_as_money(alice: ApiClient) -> None:
    deal = alice.get("/api/deals/1").json()
    page = shown_text(as_browser(alice).get("/deals/1").text)
    assert f"Amount: {deal['currency']} {deal['amount']:,.2f}" in page
    assert re.search(r"Close date: \w{3} \d{1,2} \w{3}( \d{4})?\b", page), page[:400]


@pytest.mark.parametrize("path", ["/deals/board", "/deals", "/reports?include_closed=1", "/"])
def test_stages_read_as_the_pipeline_names_them(alice: ApiClient, path: str) -> None:
    """A stage reads "Closed won", "Negotiation", as HubSpot's pipeline names it, never the
    API's lower-case "closed won" / "negotiation"."""
    page = as_browser(alice).get(path).text
    text = shown_text(page)
    lower = ("prospecting", "qualification", "proposal", "negotiation", "closed won", "closed lost")
    assert not [s for s in lower if re.search(rf"(?<![\w-]){s}\b", text)], text[:600]
    if path != "/":
        assert "Closed won" in text, text[:600]


@pytest.mark.parametrize("kind", ["contacts", "leads"])
def test_duplicates_are_named_by_their_names_not_numbers(alice: ApiClient, kind: str) -> None:
    """The duplicates page named records "Jane Doe (contact 28)" and its buttons "Merge contact
    28 into contact 1…": they are named as the merge list names them, "Jane Doe ·
    Jane.Doe@ACME.com · ACME Corp." ("(2 of 2 alike)" after those that still read the same)."""
    page = as_browser(alice).get("/duplicates", params={"kind": kind}).text
    text = shown_text(page)
    assert not re.search(r"\b(contact|lead) \d+", text), text[:800]
    assert re.search(r"\w+ \w+ · \S+@\S+", text), text[:800]
    opener = r'<button type="button"[^>]*command="show-modal"[^>]*>([^<]+)</button>'
    openers = re.findall(opener, page)
    assert openers and len(set(openers)) == len(openers), openers
