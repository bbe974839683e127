"""The server, not the browser, refuses a form: the shared client script turns the browser's own
check off, so a refused field is named on the page (where a browsing agent and a screen reader
read it), not in a bubble outside the DOM."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from tests.helpers import ApiClient, log_in


@pytest.mark.browser
def test_an_empty_required_field_reaches_the_server_and_is_named_there(
    live_service: Callable[..., ApiClient], page: Any
) -> None:
    calendar = live_service("calendar")
    log_in(page, calendar.base_url, "alice", "alice-pass", "/events/new")
    page.wait_for_url(calendar.base_url + "/events/new")
    title = page.locator("#title")
    assert title.get_attribute("required") is not None  # still describes the field
    assert page.evaluate("[...document.forms].every((form) => form.noValidate)")
    page.fill("#location", "Room 4")
    with page.expect_response(lambda answer: answer.request.method == "POST") as posted:
        page.click("#create-event")
    assert posted.value.status == 422
    assert page.inner_text("#error-title") == "This is required"  # beside its label
    assert page.input_value("#location") == "Room 4"  # the rest of the input is kept
