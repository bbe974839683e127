"""Converting a lead says what it made, as HubSpot's confirmation does: the contact, the
account it sits at and the deal opened ("Converted lead … into a contact at …, with the deal
'…'.")."""

from __future__ import annotations

from tests.form_assertions import as_browser
from tests.helpers import ApiClient, expect


def test_the_conversion_notice_names_the_account_and_deal(
    service: ApiClient, alice: ApiClient
) -> None:
    lead = expect(alice.get("/api/leads/1"), 200)
    browser = as_browser(service.as_user("erin", "erin-pass"))  # the lead's owner
    form = {"account": "", "create_deal": "on", "deal_name": "", "amount": "25000",
            "currency": "USD", "close_date": "2026-04-30"}  # fmt: skip
    said = browser.post("/leads/1/convert", data=form).text
    done = expect(alice.get("/api/leads/1"), 200)
    deal = expect(alice.get(f"/api/deals/{done['deal_id']}"), 200)
    assert f"into a contact at {lead['company']}, with the deal" in said, said[-3000:]
    assert deal["name"] in said.replace("&#39;", "'")
