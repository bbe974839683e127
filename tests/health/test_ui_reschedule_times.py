"""Rescheduling offers the provider's open times as choices, as MyChart lists them (the
booking's own checks, the visit itself blocking none), each a button that moves the visit;
the notice names the visit as its page heads it (what, with whom), its code after."""

from __future__ import annotations

import re

from tests.form_assertions import as_browser, labels_found_twice
from tests.helpers import ApiClient, expect
from tests.page_words import shown_text


def test_the_page_lists_open_times_and_one_moves_the_visit(
    service: ApiClient, alice: ApiClient
) -> None:
    browser = as_browser(service.as_user("alice", "alice-pass"))
    page = browser.get("/appointments/APT-000002?day=2026-03-06").text
    times = re.findall(r'<button type="submit" name="start" value="([^"]+)"', page)
    assert "2026-03-06T11:30" in times and "2026-03-06T07:00" not in times, times
    assert all(t.startswith("2026-03-06T") for t in times), times
    assert 'aria-label="Move to 11:30 on Fri 6 Mar">11:30</button>' in page
    assert labels_found_twice(page) == []
    moved = browser.post(
        "/appointments/APT-000002/reschedule",
        data={"start": "2026-03-06T11:30", "duration_minutes": "30"},
    )
    said = shown_text(moved.text)
    heading = re.search(r'<h1 id="visit">([^<]*)<', moved.text)
    assert heading is not None
    visit = heading[1].strip()
    assert f"Moved {visit} (APT-000002) to Fri 6 Mar 11:30 EST" in said, (visit, said[:400])
    after = expect(alice.get("/api/appointments/APT-000002"), 200)
    assert after["start_local"].startswith("2026-03-06T11:30")


def test_a_day_without_open_times_says_so(service: ApiClient) -> None:
    browser = as_browser(service.as_user("alice", "alice-pass"))
    page = shown_text(browser.get("/appointments/APT-000002?day=2026-03-07").text)
    assert "has no open time on Sat 7 Mar for 45 minutes" in page, page[:600]
