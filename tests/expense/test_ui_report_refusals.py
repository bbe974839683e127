"""A report page that cannot be shown says why in the words of the pages: the report by its
code, the nav's "My reports", not a row number or the API's routes."""

from __future__ import annotations

from tests.form_assertions import as_browser
from tests.helpers import ApiClient, expect
from tests.page_words import shown_text


def test_an_unknown_code_and_another_s_report_are_refused_in_page_words(
    expense: ApiClient,
) -> None:
    alice = expense.as_user("alice", "alice-pass")
    draft = expect(alice.post("/api/reports", json={"title": "Client trip"}), 201)
    browser = as_browser(expense.as_user("bob", "bob-pass"))  # a draft stays its owner's
    missing = browser.get("/reports/EXP-9999")
    assert missing.status_code == 404
    said = shown_text(missing.text)
    assert "There is no report EXP-9999; My reports lists yours." in said, said[:600]
    assert "/api" not in said and "by its id" not in said
    theirs = browser.get(f"/reports/{draft['id']}")
    assert theirs.status_code == 403
    said = shown_text(theirs.text)
    assert f"Report {draft['code']} belongs to another person" in said, said[:600]
    assert f"report {draft['id']} " not in said
    assert "My reports" in said
