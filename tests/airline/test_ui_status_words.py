"""Airline pages say cabins, statuses and legs as the airline's site does, capitalised
("Economy", "Scheduled", "Outbound", "Confirmed"), and a chosen seat's notice says whose it is
and what it cost."""

from __future__ import annotations

import re

from tests.form_assertions import as_browser
from tests.helpers import ApiClient, expect
from tests.page_words import shown_text


def test_cabins_statuses_and_legs_are_capitalised(airline: ApiClient) -> None:
    browser = as_browser(airline.as_user("alice", "alice-pass"))
    booking = shown_text(browser.get("/bookings/ALICE1").text)
    assert re.search(r"Cabin (Economy|Business|Premium economy|First)", booking), booking[:800]
    assert "Outbound" in booking, booking[:1500]
    flights = expect(airline.as_user("alice", "alice-pass").get("/api/flights"), 200)["items"]
    flight = shown_text(browser.get(f"/flights/{flights[0]['id']}").text)
    assert re.search(r"Status: [A-Z]", flight), flight[:600]
    fares = re.findall(r"^(economy|business|premium economy)\b", flight, re.M)
    assert fares == [], fares


def test_charges_and_sort_choices_read_as_words(airline: ApiClient) -> None:
    """A charge's description opens with a capital ("Economy fare LC104 x1"), and the
    search's sort reads what it does ("Lowest price"), sending the API's ``price``."""
    browser = as_browser(airline.as_user("alice", "alice-pass"))
    html = browser.get("/bookings/ALICE1").text
    charges = re.search(r'<table id="charges">(.*?)</table>', html, re.S)
    assert charges is not None
    described = re.findall(r"</td><td>([^<]*)</td><td>", charges[1])
    assert described and all(d[:1].isupper() for d in described), described
    search = browser.get("/").text
    assert '<option value="price" selected>Lowest price</option>' in search, search[-3000:]


def test_a_seat_notice_names_the_passenger_and_fee(airline: ApiClient) -> None:
    alice = airline.as_user("alice", "alice-pass")
    booking = expect(alice.get("/api/bookings/ALICE1"), 200)
    passenger = booking["passengers"][0]
    ticket = passenger["tickets"][0]
    seat_map = expect(
        alice.get(f"/api/flights/{ticket['flight_id']}/seats", params={"free_only": "true"}), 200
    )
    free = next(
        seat
        for seat in seat_map["seats"]
        if seat["cabin"] == booking["cabin"] and not seat["occupied"]
    )
    browser = as_browser(airline.as_user("alice", "alice-pass"))
    response = browser.post(
        "/bookings/ALICE1/seat",
        data={"leg": ticket["leg"], "passenger_id": passenger["id"], "seat": free["number"]},
    )
    said = shown_text(response.text)
    name = f"{passenger['first_name']} {passenger['last_name']}"
    assert f"Seat {free['number']} on " in said and f" for {name}: " in said, said[:600]
    assert "added to the booking's total" in said or "no fee" in said, said[:600]


def test_a_passengers_ticket_names_its_leg_flight_and_seat(airline: ApiClient) -> None:
    """The passengers table says each ticket as the airline's trip page does ("Outbound LC303
    · Seat 24A"), not the stored leg and a bare seat ("outbound: 24A")."""
    alice = airline.as_user("alice", "alice-pass")
    booking = expect(alice.get("/api/bookings/ALICE1"), 200)
    page = as_browser(alice).get("/bookings/ALICE1").text
    table = shown_text(page[page.index('<table id="passengers">') :].split("</table>")[0])
    for ticket in booking["passengers"][0]["tickets"]:
        seat = f"Seat {ticket['seat']}" if ticket["seat"] else "No seat yet"
        leg = ticket["leg"].capitalize()
        assert f"{leg} {ticket['flight_number']} · {seat}" in table, table
    assert not re.search(r"\b(outbound|return):", table), table
