"""The duplicates page names each look-alike with the words crm's merge list gives it (name ·
email · account, a lead's company), numbered "(n of m alike)" by the core's ``alike_numbered``
only where those still read the same: one way of telling records apart, not a twin of it in
the page's template."""

from __future__ import annotations

import re

from tests.form_assertions import as_browser
from tests.helpers import ApiClient
from tests.page_words import shown_text


def _listed(page: str) -> list[list[str]]:
    """Each group's records as its list shows them."""
    cards = page.split('<div class="card">')[1:]
    return [
        [shown_text(a) for a in re.findall(r"<li><a [^>]*>(.*?)</a></li>", card)] for card in cards
    ]


def test_contacts_read_as_the_merge_list_reads_them(service: ApiClient) -> None:
    browser = as_browser(service.as_user("carol", "carol-pass"))
    groups = _listed(browser.get("/duplicates", params={"kind": "contacts"}).text)
    jane = next(g for g in groups if g and g[0].startswith("Jane Doe"))
    merge_form = browser.get("/contacts/1").text.split('action="/contacts/1/merge"')[1]
    merge_form = merge_form.split("</select>", 1)[0]
    options = [  # each named by its group first: "Likely duplicate (same email …) · Jane Doe · …"
        shown_text(o).split(" · ", 1)[1]
        for o in re.findall(r"<option value=\"\d+\"[^>]*>([^<]*)<", merge_form)
    ]
    assert jane[1] in options, (jane, options[:5])
    assert jane == [
        "Jane Doe · jane.doe@acme.com · Acme Corporation",
        "Jane Doe · Jane.Doe@ACME.com · ACME Corp.",
    ]
    page = browser.get("/duplicates", params={"kind": "contacts"}).text
    assert f"Merge {jane[1]} into {jane[0]}…" in shown_text(page)


def test_records_alike_in_every_word_are_numbered_by_the_core(service: ApiClient) -> None:
    carol = service.as_user("carol", "carol-pass")
    twin = {"first_name": "Sam", "last_name": "Okafor", "email": "sam@okafor.example"}
    for _ in range(2):
        assert carol.post("/api/contacts", json=twin).status_code == 201
    browser = as_browser(carol)
    page = browser.get("/duplicates", params={"kind": "contacts"}).text
    sam = next(g for g in _listed(page) if g and g[0].startswith("Sam Okafor"))
    words = "Sam Okafor · sam@okafor.example"
    assert sam == [f"{words} (1 of 2 alike)", f"{words} (2 of 2 alike)"]
    assert f"Merge {sam[1]} into {sam[0]}…" in shown_text(page)
    leads = _listed(browser.get("/duplicates", params={"kind": "leads"}).text)
    assert leads and all(" · " in name for group in leads for name in group), leads
