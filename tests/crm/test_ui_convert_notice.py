"""Converting a lead says what it made, as HubSpot's confirmation does: the contact, the
account it sits at and the deal opened ("Converted lead … into a contact at …, with the deal
'…'.")."""

from __future__ import annotations

from tests.form_assertions import as_browser
from tests.helpers import ApiClient, expect
from tests.page_words import shown_text


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


def test_a_lead_another_rep_owns_offers_no_convert_form_and_says_whose_it_is(
    service: ApiClient,
) -> None:
    """Alice was offered "Convert lead" on Erin's lead 1 and, on submitting it, told "Lead 1
    belongs to another account; only its owner erin or a manager may change it". The page now
    offers no form she may not use and names the owner as people read her name."""
    alice = as_browser(service.as_user("alice", "alice-pass"))
    page = shown_text(alice.get("/leads/1").text)
    assert "Convert lead" not in page and "Save lead" not in page, page[:800]
    assert "Only its owner, Erin " in page and "or a manager (Carol Diaz) may convert" in page, (
        page[:800]
    )
    erin = as_browser(service.as_user("erin", "erin-pass"))
    assert "Convert lead" in shown_text(erin.get("/leads/1").text)


def test_the_task_list_names_each_account_not_its_code(service: ApiClient) -> None:
    """The /tasks Account column read "CUS-002", where the pickers say "Globex"."""
    api = service.as_user("alice", "alice-pass")
    listed = expect(api.get("/api/tasks", params={"per_page": 100}), 200)["items"]
    about = next(t for t in listed if t["account"])
    name = expect(api.get(f"/api/accounts/{about['account']}"), 200)["name"]
    page = as_browser(service.as_user("alice", "alice-pass")).get("/tasks").text
    cell = f'<a href="/accounts/{about["account"]}">{name}'
    assert cell in page, page[-3000:]
    assert f"<td>{about['account']}</td>" not in page
