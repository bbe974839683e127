"""A booking's status reads the same on My bookings and on its page ("action needed" while a
flight of it is cancelled); check-in's opening time is said in words in the reader's zone,
never as an ISO stamp; the flight page says each time at its airport with the day and the
city's time ("Mon 2 Mar 18:00 New York time")."""

from __future__ import annotations

import re

from tests.airline.conftest import flight_id
from tests.form_assertions import as_browser
from tests.helpers import ApiClient, expect
from tests.page_words import shown_text


def test_my_bookings_says_action_needed_as_the_booking_page_does(airline: ApiClient) -> None:
    expect(airline.admin("POST", "/admin/reset"), 200)
    browser = as_browser(airline.as_user("bob", "bob-pass"))
    booking = browser.get("/bookings/BOBBY2").text
    assert '<small id="status">action needed</small>' in booking
    listing = browser.get("/bookings").text
    card = listing[listing.index('data-reference="BOBBY2"') :].split("</li>")[0]
    assert "action needed" in shown_text(card) and "confirmed" not in shown_text(card), card
    other = listing[listing.index('data-reference="BOBBY1"') :].split("</li>")[0]
    assert "action needed" not in shown_text(other)


def test_check_in_says_when_it_opens_in_words(airline: ApiClient) -> None:
    expect(airline.admin("POST", "/admin/reset"), 200)
    page = shown_text(
        as_browser(airline.as_user("alice", "alice-pass")).get("/bookings/ALICE1").text
    )
    said = page[page.index("No check-in now:") :][:200]
    assert re.search(r"it opens at \w{3} \d{1,2} \w{3} \d\d:\d\d", said), said
    assert not re.search(r"\d{4}-\d\d-\d\dT\d\d:\d\d", said), said


def test_the_flight_page_says_times_at_each_city(airline: ApiClient) -> None:
    out = flight_id(airline, "TS200", "2026-03-02")
    page = as_browser(airline.as_user("alice", "alice-pass")).get(f"/flights/{out}").text
    said = shown_text(page[page.index("Departs:") : page.index("Status:")])
    assert "Departs: Mon 2 Mar 18:00 New York time" in said, said
    assert "Arrives: Tue 3 Mar 06:00 London time" in said, said
