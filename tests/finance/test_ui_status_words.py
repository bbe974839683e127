"""Finance pages say transaction statuses and account kinds in words ("Posted", "Credit card"),
never "posted" or the stored "credit_card"; the Kind list keeps its values."""

from __future__ import annotations

import re

from tests.form_assertions import as_browser
from tests.helpers import ApiClient
from tests.page_words import shown_text


def test_statuses_and_kinds_read_in_words(service: ApiClient) -> None:
    browser = as_browser(service.as_user("alice", "alice-pass"))
    accounts = browser.get("/accounts").text
    assert "credit_card" not in shown_text(accounts)
    assert '<option value="credit_card" >Credit card</option>' in accounts, accounts[-2500:]
    rows = browser.get("/transactions").text
    assert not re.search(r"<td>(posted|pending)</td>", rows)
    assert re.search(r"<td>(Posted|Pending)</td>", rows)
