"""A refused form's summary reads as one sentence: each field's name and its message run on
("Payment: the payment …"). The notice laid its parts out as flex items, so the field's link
stood apart, and a reader of the page met "Payment : the payment …"."""

from __future__ import annotations

from typing import Any

import pytest

from tests.helpers import ApiClient, log_in


@pytest.mark.browser
def test_the_summary_names_the_field_and_its_message_in_one_run(
    service: ApiClient, page: Any
) -> None:
    log_in(page, service.base_url, "alice", "alice-pass", "/invoices/INV-0013?every=1")
    page.select_option("#transaction_id", "28")
    with page.expect_navigation():  # then loaded: the summary's names are the page script's
        page.get_by_role("button", name="Record payment").click()
    page.wait_for_load_state()
    said = page.locator("#form-errors").inner_text()
    assert "The form was not accepted: Payment: the payment " in said, repr(said)
    assert "Payment :" not in said and "\n:" not in said, repr(said)
