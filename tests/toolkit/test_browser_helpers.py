"""The helpers every browsing script shares (``mock_services.browser``): a page in the user's
time zone, the words of its main region, a trial's service addresses."""

from __future__ import annotations

from typing import Any

import pytest

from mock_services.browser import local_url, main_text, page_in


@pytest.mark.browser
def test_a_page_keeps_the_users_clock_and_main_text_reads_the_main_region_only(
    browser: Any,
) -> None:
    # the session's Chromium (``chromium()`` under the ``browser`` fixture): a second Playwright
    # on the same thread is refused while the session's keeps its event loop running
    page = page_in(browser, "America/New_York")
    page.set_content("<header>Mail</header><main><h1>Inbox</h1><p>2 unread</p></main>")
    zone = page.evaluate("Intl.DateTimeFormat().resolvedOptions().timeZone")
    assert zone == "America/New_York", f"the page's clock is in {zone}"
    words = main_text(page)
    assert "Inbox" in words and "2 unread" in words, words
    assert "Mail" not in words, f"the header was read as the main region: {words!r}"
    page.context.close()


def test_a_service_address_is_on_this_host() -> None:
    assert local_url(5008, "/messages") == "http://127.0.0.1:5008/messages"
    assert local_url(5008) == "http://127.0.0.1:5008"
