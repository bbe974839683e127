"""CRM reports name who made an export by their name, as HubSpot does ("by Carol Diaz"),
never by a username ("by carol")."""

from __future__ import annotations

from tests.form_assertions import as_browser
from tests.helpers import ApiClient
from tests.page_words import shown_text


def test_an_export_names_who_made_it(alice: ApiClient) -> None:
    reports = shown_text(as_browser(alice).get("/reports").text)
    assert "by Carol Diaz" in reports and "by carol " not in reports
