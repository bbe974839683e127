"""The airline's pages show what the API reads (flight status, one flight with its fares and
seat map, airports, the account, bookings and announcements filtered as the API filters them),
the search form starts on a route a user can book, and the booking page's change-flight and
remove-bag forms refuse as the API does."""

from __future__ import annotations

import html
import re
from datetime import date
from typing import Any

import pytest

from tests.airline.conftest import flight_id
from tests.form_assertions import as_browser, assert_action_refused, assert_form_refused
from tests.helpers import ApiClient, expect
from tests.page_words import iso_days_shown, shown_text


@pytest.fixture
def browser(airline: ApiClient) -> ApiClient:
    """alice's browser on the reset service."""
    expect(airline.admin("POST", "/admin/reset"), 200)
    return as_browser(airline.as_user("alice", "alice-pass"))


def _selected(page: str, name: str) -> str:
    block = page[page.index(f'name="{name}"') :]
    block = block[: block.index("</select>")]
    chosen = re.search(r'<option value="([^"]*)"[^>]*\bselected', block)
    return chosen[1] if chosen else ""


def test_the_search_form_starts_on_the_next_departure_on_sale(browser: ApiClient) -> None:
    home = browser.get("/").text
    preset = {
        "origin": _selected(home, "origin"),
        "destination": _selected(home, "destination"),
        "date": re.search(r'name="date" id="date" value="([^"]+)"', home)[1],
    }
    # TS300 (LHR 09:30) closed for sale at 08:30 UTC; TS100 (JFK 15:00) is the next one on sale
    assert preset == {"origin": "JFK", "destination": "BOS", "date": "2026-03-02"}
    assert 'class="flight"' not in home and 'id="results"' not in home
    found = browser.get("/", params={**preset, "cabin": "economy", "passengers": "1"}).text
    book = re.search(r'class="book" href="([^"]+)"', found)
    assert book, "the preset search offers no flight to book"
    booking_page = browser.get(html.unescape(book[1]))
    assert booking_page.status_code == 200 and "Confirm booking" in booking_page.text


def test_flight_status_lists_what_the_api_lists(browser: ApiClient, alice: ApiClient) -> None:
    asked = {"origin": "JFK", "destination": "BOS", "date": "2026-03-03"}
    board = browser.get("/flights", params=asked).text
    listed = expect(alice.get("/api/flights", params=asked), 200)["items"]
    shown = [int(i) for i in re.findall(r'class="flight" data-flight-id="(\d+)"', board)]
    assert shown == [f["id"] for f in listed] and len(shown) == 4
    today = browser.get("/flights").text
    assert 'value="2026-03-02"' in today and "TS200" in today and "TS102" not in today
    refused = browser.get("/flights", params={"origin": "J1"}).text
    assert "origin: expected a three-letter code, such as JFK" in refused


def test_a_flight_page_shows_its_fares_seat_map_and_booking_links(
    browser: ApiClient, alice: ApiClient
) -> None:
    fid = flight_id(alice, "TS106", "2026-03-03")
    page = browser.get(f"/flights/{fid}").text
    flight = expect(alice.get(f"/api/flights/{fid}"), 200)
    economy = next(f for f in flight["fares"] if f["cabin"] == "economy")
    assert f"${economy['price']:.2f}" in page and economy["seats_available"] == 1
    assert f'/flights/{fid}/book?cabin=economy&amp;passengers=1">Book Economy' in page
    seats = expect(alice.get(f"/api/flights/{fid}/seats"), 200)["seats"]
    taken = re.findall(r'<td class="taken"[^>]*>(\w+)', page)
    assert sorted(taken) == sorted(s["number"] for s in seats if s["occupied"])
    cancelled = browser.get(f"/flights/{flight_id(alice, 'TS302', '2026-03-04')}").text
    assert "Not on sale" in cancelled and "is cancelled" in cancelled
    assert 'class="book"' not in cancelled
    assert "on Wed 4 Mar is cancelled" in shown_text(cancelled), "the day is said in words"
    assert iso_days_shown(cancelled) == []


def test_airports_account_bookings_and_announcements(browser: ApiClient, alice: ApiClient) -> None:
    us = browser.get("/airports", params={"country": "US"}).text
    assert "/airports/JFK" in us and "/airports/BOS" in us and "/airports/LHR" not in us
    assert "Heathrow" in browser.get("/airports/LHR").text
    account = browser.get("/account").text
    for card in expect(alice.get("/api/account"), 200)["payment_methods"]:
        assert card["last4"] in account and card["expiry"] in account
    confirmed = browser.get("/bookings", params={"status": "confirmed"}).text
    listed = expect(alice.get("/api/bookings", params={"status": "confirmed"}), 200)["items"]
    shown = re.findall(r'/bookings/(\w{6})"', confirmed)
    assert shown == [b["reference"] for b in listed] != []
    strikes = browser.get("/announcements", params={"kind": "cancellation"}).text
    assert "TS302 is cancelled (strike)." in strikes
    delays = browser.get("/announcements", params={"kind": "delay"}).text
    assert "TS302 is cancelled" not in delays


def test_the_booking_page_lists_bags_and_boarding_passes(airline: ApiClient) -> None:
    expect(airline.admin("POST", "/admin/reset"), 200)
    bob = airline.as_user("bob", "bob-pass")
    bag = expect(bob.get("/api/bookings/BOBBY1/bags"), 200)["items"][0]
    expect(bob.post("/api/bookings/BOBBY1/check-in", json={"leg": "outbound"}), 200)
    page = as_browser(airline.as_user("bob", "bob-pass")).get("/bookings/BOBBY1").text
    assert f'data-bag-id="{bag["id"]}"' in page
    assert 'aria-label="Remove Mei Chen\'s checked bag (20.0 kg)"' in page
    passes = expect(bob.get("/api/bookings/BOBBY1/boarding-passes"), 200)["items"]
    assert len(re.findall(r'class="boarding-pass"', page)) == len(passes) == 2
    for boarding in passes:
        assert boarding["barcode"] in page


def test_refused_change_keeps_the_booking(browser: ApiClient, alice: ApiClient) -> None:
    sent_from = {"Referer": browser.base_url + "/bookings/ALICE1"}
    refused = browser.post(
        "/bookings/ALICE1/change", data={"leg": "outbound", "flight_id": "0"}, headers=sent_from
    )
    assert_form_refused(refused, errors={"flight_id": "must be at least 1"}, kept={})
    other_route = flight_id(alice, "TS200", "2026-03-02")
    answer = browser.post(
        "/bookings/ALICE1/change",
        data={"leg": "outbound", "flight_id": str(other_route)},
        headers=sent_from,
    )
    assert_action_refused(answer, 422, "is not on the same route")
    booking = expect(alice.get("/api/bookings/ALICE1"), 200)
    assert booking["status"] == "confirmed" and booking["flights"][0]["flight"]["number"] == "TS100"


def test_a_checked_in_passengers_bag_stays(airline: ApiClient) -> None:
    expect(airline.admin("POST", "/admin/reset"), 200)
    bob = airline.as_user("bob", "bob-pass")
    bag = expect(bob.get("/api/bookings/BOBBY1/bags"), 200)["items"][0]
    expect(bob.post("/api/bookings/BOBBY1/check-in", json={"leg": "outbound"}), 200)
    browser = as_browser(airline.as_user("bob", "bob-pass"))
    answer = browser.post(
        f"/bookings/BOBBY1/bags/{bag['id']}/remove",
        headers={"Referer": airline.base_url + "/bookings/BOBBY1"},
    )
    assert_action_refused(answer, 409, "already checked in")
    assert expect(bob.get("/api/bookings/BOBBY1/bags"), 200)["items"] == [bag]


def test_the_booking_form_offers_the_flights_back(browser: ApiClient, alice: ApiClient) -> None:
    out = flight_id(alice, "TS200", "2026-03-02")
    page = browser.get(f"/flights/{out}/book", params={"cabin": "economy"}).text
    back = flight_id(alice, "TS201", "2026-03-07")
    offered = re.findall(r'<option value="(\d+)"', page[page.index('name="return_flight_id"') :])
    assert str(back) in offered
    boston = browser.get(f"/flights/{flight_id(alice, 'TS100', '2026-03-03')}/book").text
    choices = boston[boston.index('name="return_flight_id"') :]
    # BOS to JFK: TS101 (+3d) and TS110 (+1d) fly back; TS100 JFK-BOS does not
    assert "TS101" in choices[: choices.index("</select>")]


def test_the_booking_page_gives_times_at_their_airports(airline: ApiClient) -> None:
    """The task's zone is UTC here; TS100 leaves New York at 15:00 (20:00 UTC): the columns
    headed "(local)" say 15:00 EST, as the flight page does, not 20:00 UTC."""
    expect(airline.admin("POST", "/admin/reset"), 200)
    bob = airline.as_user("bob", "bob-pass")
    expect(bob.post("/api/bookings/BOBBY1/check-in", json={"leg": "outbound"}), 200)
    boarding = expect(bob.get("/api/bookings/BOBBY1/boarding-passes"), 200)["items"][0]
    browser = as_browser(airline.as_user("bob", "bob-pass"))
    page = browser.get("/bookings/BOBBY1").text
    flights = page[page.index("Departs (local)") : page.index('id="passengers"')]
    assert "Mon 2 Mar 15:00 EST" in flights and "16:15 EST" in flights
    assert "UTC" not in flights
    passes = page[page.index('id="boarding-passes"') :]
    passes = passes[: passes.index("</section>")]  # the boarding pass cards
    boards_at = boarding["boarding_time_local"][11:16]
    assert f"Mon 2 Mar {boards_at} EST" in passes and "Mon 2 Mar 15:00 EST" in passes
    assert "UTC" not in passes
    out = flight_id(airline, "TS200", "2026-03-02")
    book = browser.get(f"/flights/{out}/book").text
    assert "Departs Mon 2 Mar 18:00 EST (JFK), arrives Tue 3 Mar 06:00 GMT (LHR)" in book
    flight = browser.get(f"/flights/{out}").text
    said = flight[flight.index("Departs:") : flight.index("Status:")]
    assert "Mon 2 Mar 18:00 New York time" in said and "Tue 3 Mar 06:00 London time" in said, said
    assert "2026-03-02 18:00" not in said, f"a bare ISO time on the flight page: {said}"


def test_check_in_without_a_passport_says_where_the_page_takes_it(
    browser: ApiClient, alice: ApiClient
) -> None:
    by_api = alice.post("/api/bookings/ALICE2/check-in", json={"leg": "outbound"})
    assert by_api.status_code == 409
    assert "add it with PATCH /api/bookings/ALICE2/passengers/" in by_api.json()["error"]["message"]
    answer = browser.post(
        "/bookings/ALICE2/check-in",
        data={"leg": "outbound"},
        headers={"Referer": browser.base_url + "/bookings/ALICE2"},
    )
    shown = html.unescape(answer.text)
    assert answer.status_code == 409 and "Booking ALICE2" in shown
    assert (
        "Alice Martin needs a passport number for the international flight TS200" in shown
        and "add the passport of Alice Martin above (Passport, in the Passengers table) first"
        in shown
    )
    assert "/api/" not in shown and "PATCH" not in shown


def test_a_delayed_flights_new_landing_time_shows_in_the_search(
    browser: ApiClient, alice: ApiClient, airline: ApiClient
) -> None:
    fid = flight_id(alice, "TS100", "2026-03-03")
    delay = {"status": "delayed", "delay_minutes": 45}
    expect(airline.admin("PATCH", f"/api/admin/flights/{fid}", json=delay), 200)
    now = expect(alice.get(f"/api/flights/{fid}"), 200)["estimated_arrival_local"][11:16]
    asked = {"origin": "JFK", "destination": "BOS", "date": "2026-03-03", "cabin": "economy"}
    found = browser.get("/", params={**asked, "passengers": "1"}).text
    card = found[found.index('data-number="TS100"') :]
    card = card[: card.index("</li>")]
    assert f"now {now}" in card, "the search shows when the late flight lands now"


def test_the_change_flight_list_gives_a_late_flights_times_now_and_a_full_one_cannot_be_chosen(
    browser: ApiClient, alice: ApiClient, airline: ApiClient
) -> None:
    """ALICE1 flies TS100 tomorrow, JFK to BOS: TS102 leaves at 08:00 and lands at 09:15 EST;
    TS106 has one economy seat left, which bob takes."""
    late = flight_id(alice, "TS102", "2026-03-03")
    delay = {"status": "delayed", "delay_minutes": 45}
    expect(airline.admin("PATCH", f"/api/admin/flights/{late}", json=delay), 200)
    full = flight_id(alice, "TS106", "2026-03-03")
    bob = airline.as_user("bob", "bob-pass")
    passenger = {"first_name": "Bob", "last_name": "Lee", "date_of_birth": "1980-01-01"}
    booked = {"flight_id": full, "cabin": "economy", "passengers": [passenger]}
    expect(bob.post("/api/bookings", json={**booked, "payment_method_id": 3}), 201)
    page = html.unescape(browser.get("/bookings/ALICE1").text)
    options = {
        fid: (attributes.split(), text)
        for fid, attributes, text in re.findall(
            r'<option value="(\d+)"([^>]*)>([^<]*)</option>', page
        )
    }
    assert options[str(late)] == (
        ['data-date="2026-03-03"'],  # the day for scripts; the text says it in words
        "TS102 Tue 3 Mar 08:00 JFK→BOS (Delayed) now departs Tue 3 Mar 08:45 EST, arrives "
        "Tue 3 Mar 10:00 EST · $150.00 per passenger, 18 seats left",
    ), options[str(late)]
    attributes, text = options[str(full)]
    assert "disabled" in attributes and text.endswith("0 seats left (full)"), options[str(full)]


def _review(browser: ApiClient, reference: str, flight: int) -> str:
    answer = browser.get(
        f"/bookings/{reference}/change/review", params={"leg": "outbound", "flight_id": flight}
    )
    assert answer.status_code == 200, answer.text[-500:]
    return html.unescape(answer.text)


def _shown(page: str, field: str) -> str:
    found = re.search(rf'id="{field}">(?:<[^>]+>)*([^<]+)', page)
    assert found, f"the review shows no {field}"
    return found[1].strip()


@pytest.mark.parametrize(
    ("user", "reference", "number", "date", "fee_note"),
    [
        ("alice", "ALICE1", "TS102", "2026-03-03", "per passenger"),
        ("bob", "BOBBY2", "TS304", "2026-03-04", "waived: we cancelled your flight"),
    ],
    ids=["fee_and_fare_difference", "free_after_the_airline_cancelled"],
)
def test_a_flight_change_shows_what_the_api_charges_and_asks_before_charging(
    airline: ApiClient, user: str, reference: str, number: str, date: str, fee_note: str
) -> None:
    """The booking page's change form leads to a review that prices the change as the API's
    change charges it, and posts the change only from a confirmation dialog, a free one too."""
    expect(airline.admin("POST", "/admin/reset"), 200)
    api = airline.as_user(user, f"{user}-pass")
    browser = as_browser(airline.as_user(user, f"{user}-pass"))
    new = flight_id(api, number, date)
    booking_page = browser.get(f"/bookings/{reference}").text
    form = re.search(r'<form method="(\w+)" action="([^"]+)" class="change-form"', booking_page)
    assert form and form.groups() == ("get", f"/bookings/{reference}/change/review"), form
    review = _review(browser, reference, new)
    assert expect(api.get(f"/api/bookings/{reference}"), 200)["status"] != "changed"
    dialog = review[review.index('<dialog id="confirm-change-outbound"') :]
    dialog = dialog[: dialog.index("</dialog>")]
    assert f'action="/bookings/{reference}/change"' in dialog
    assert f'name="flight_id" value="{new}"' in dialog and 'name="leg" value="outbound"' in dialog
    assert fee_note in _shown(review, "change-fee")
    charged = expect(
        api.post(f"/api/bookings/{reference}/change", json={"flight_id": new, "leg": "outbound"}),
        200,
    )
    assert _shown(review, "change-fee").startswith(f"${charged['change_fee']:,.2f}")
    difference, fare = _shown(review, "fare-difference"), charged["fare_difference"]
    sign = "-" if fare < 0 else ""
    assert difference.startswith(f"{sign}${abs(fare):,.2f}"), difference
    paid = charged["amount_charged"]
    assert _shown(review, "amount-charged") == f"${paid:,.2f}"
    said = f"pay ${paid:,.2f}" if paid else "at no charge"
    assert said in dialog, dialog


def test_a_change_the_rules_refuse_says_why_on_the_review(
    browser: ApiClient, alice: ApiClient
) -> None:
    other_route = flight_id(alice, "TS200", "2026-03-02")
    review = _review(browser, "ALICE1", other_route)
    assert "This change cannot be made" in review and "is not on the same route" in review
    assert "<dialog" not in review


def test_a_booking_on_a_cancelled_flight_says_so_and_offers_no_seats_or_check_in(
    airline: ApiClient,
) -> None:
    """BOBBY2's outbound TS302 is cancelled: the heading leads with what the trip needs
    ("action needed", not "confirmed"), the passengers list no seat on that flight, the page
    offers no seat map or check-in for it (both would be refused) and says why, its days in
    words; the change's confirmation button is named apart from the button that opens it and
    its question gives the day in words."""
    expect(airline.admin("POST", "/admin/reset"), 200)
    api = airline.as_user("bob", "bob-pass")
    browser = as_browser(airline.as_user("bob", "bob-pass"))
    page = html.unescape(browser.get("/bookings/BOBBY2").text)
    heading = re.search(r"<h1>(.*?)</h1>", page, re.S)
    assert heading and "outbound flight TS302 is cancelled" in heading[1], heading
    assert '<small id="status">Action needed</small>' in heading[1], heading[1]
    assert "confirmed" not in heading[1]
    passengers = page[page.index('<table id="passengers">') :].split("</table>")[0]
    seats = re.findall(r'Outbound \w+ · <span class="seat">([^<]*)</span>', passengers)
    assert seats == ["no seat"]
    assert "Check in for TS302" not in page and not re.search(r'aria-label="\w+ on TS302', page)
    assert "No seat choice or check-in: TS302 LHR-CDG on Wed 4 Mar is cancelled" in page
    assert iso_days_shown(page) == [] and "When (UTC)" not in page
    review = _review(browser, "BOBBY2", flight_id(api, "TS304", "2026-03-04"))
    opener = re.search(r'aria-haspopup="dialog">([^<]+)</button>', review)
    confirm = re.search(r'id="confirm-change-outbound">([^<]+)</button>', review)
    assert opener and confirm, review[-800:]
    assert opener[1] == "Change outbound flight…" and confirm[1] == "Confirm the move to TS304"
    assert "from TS302 to TS304 on Wed 4 Mar" in html.unescape(review)


def test_a_bags_remove_button_is_named_by_its_passenger_and_weight(airline: ApiClient) -> None:
    """Named by what the row shows, never by the bag's internal id; one passenger's bags are
    numbered so that each button's name is unique on the page."""
    expect(airline.admin("POST", "/admin/reset"), 200)
    bob = airline.as_user("bob", "bob-pass")
    bag = expect(bob.get("/api/bookings/BOBBY1/bags"), 200)["items"][0]
    body = {"passenger_id": bag["passenger_id"], "weight_kg": 20}
    expect(bob.post("/api/bookings/BOBBY1/bags", json=body), 201)
    page = as_browser(airline.as_user("bob", "bob-pass")).get("/bookings/BOBBY1").text
    names = re.findall(r'aria-label="(Remove [^"]*)"', page)
    assert names == [
        "Remove Mei Chen's checked bag 1 of 2 (20.0 kg)",
        "Remove Mei Chen's checked bag 2 of 2 (20.0 kg)",
    ]


def test_counts_take_their_number_form(browser: ApiClient, alice: ApiClient) -> None:
    """The search heading says "1 flight" / "2 passengers", not "flight(s)": the count's noun in
    the number form it takes, through the core's one ``counted`` filter."""
    home = browser.get("/").text
    preset = {"origin": "JFK", "destination": "BOS", "date": "2026-03-02", "cabin": "economy"}
    for passengers, said in (("1", "1 passenger"), ("2", "2 passengers")):
        found = browser.get("/", params={**preset, "passengers": passengers}).text
        heading = re.search(r"<h2>([^<]*flight[^<]*)</h2>", found)
        assert heading and said in heading[1] and "(s)" not in heading[1], heading
        assert "(s)" not in shown_text(found)
    assert "(s)" not in shown_text(home) + shown_text(alice.get("/bookings").text)


def test_a_birth_date_reads_without_a_weekday(airline: ApiClient) -> None:
    """A passenger's birth date read "Sat 12 Apr 1986": it is written as a travel document
    writes it, "12 Apr 1986"."""
    bob = airline.as_user("bob", "bob-pass")
    booking = expect(bob.get("/api/bookings/BOBBY1"), 200)
    born = date.fromisoformat(booking["passengers"][0]["date_of_birth"])
    page = shown_text(as_browser(bob).get("/bookings/BOBBY1").text)
    assert f" {born.day} {born:%b %Y} " in page, page[:800]
    assert f"{born:%a} {born.day} {born:%b %Y}" not in page


def test_the_change_flight_list_starts_on_no_flight_and_refuses_none_chosen(
    browser: ApiClient, alice: ApiClient
) -> None:
    """As the payment form of the books: no flight is chosen for the user, and reviewing with
    none chosen is refused next to the list, the leg kept, and nothing is changed."""
    page = browser.get("/bookings/ALICE1").text
    assert _selected(page, "flight_id") == ""
    assert '<option value="" selected>Choose the new flight</option>' in page
    refused = browser.get("/bookings/ALICE1/change/review", params={"leg": "outbound"})
    assert_form_refused(refused, errors={"flight_id": "Choose the new flight"}, kept={})
    assert 'id="error-flight_id">Choose the new flight</span>' in refused.text
    assert 'id="change-refused"' not in refused.text
    booking = expect(alice.get("/api/bookings/ALICE1"), 200)
    assert booking["status"] == "confirmed" and booking["flights"][0]["flight"]["number"] == "TS100"


def alice2_afresh(airline: ApiClient) -> tuple[ApiClient, Any, dict, dict, str]:
    """The seeded world again, and booking ALICE2 as Alice sees it: her API client, her
    browser, the booking, its one passenger and its page."""
    expect(airline.admin("POST", "/admin/reset"), 200)
    api = airline.as_user("alice", "alice-pass")
    browser = as_browser(airline.as_user("alice", "alice-pass"))
    booked = expect(api.get("/api/bookings/ALICE2"), 200)
    (alice,) = booked["passengers"]
    return api, browser, booked, alice, browser.get("/bookings/ALICE2").text


def test_a_paid_seat_says_its_fee_and_asks_before_it_is_charged(airline: ApiClient) -> None:
    """Clicking a paid seat charged its fee at once ($552.00 became $564.00): the seat's
    button leads to a step that asks "Pay $15.00 for seat 12B on TS200 for Alice Martin?",
    nothing charged until its own button, and the notice after names passenger, seat and fee."""
    api, browser, booked, alice, page = alice2_afresh(airline)
    paid = re.search(
        r'value="(\d+[A-F])" data-seat="\1"\s+class="[^"]*"\s+title="[^"]*, \$(\d+\.\d\d)"'
        r'\s+aria-label="[^"]*"\s+formaction="([^"]+)" formmethod="get"',
        page,
    )
    assert paid is not None, "no paid seat leads to a step that asks"
    seat, fee, review_at = paid[1], paid[2], html.unescape(paid[3])
    asked = browser.get(
        review_at, params={"leg": "outbound", "passenger_id": alice["id"], "seat": seat}
    )
    assert asked.status_code == 200
    question = f"Pay ${fee} for seat {seat} on TS200 for Alice Martin?"
    assert question in shown_text(asked.text)
    assert '<dialog id="confirm-seat-fee-outbound" class="confirm"' in asked.text
    assert 'aria-labelledby="confirm-seat-fee-outbound-question" open>' in asked.text
    assert expect(api.get("/api/bookings/ALICE2"), 200) == booked  # nothing charged yet
    dialog = asked.text[asked.text.index('<dialog id="confirm-seat-fee-outbound"') :]
    dialog = dialog[: dialog.index("</dialog>")]
    assert f"Pay ${fee} and take seat {seat}</button>" in dialog
    hidden = dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)"', dialog))
    taken = browser.post("/bookings/ALICE2/seat", data=hidden)
    said = f"Seat {seat} on TS200 for Alice Martin: ${fee} added to the booking's total."
    assert said in shown_text(taken.text)
    after = expect(api.get("/api/bookings/ALICE2"), 200)
    assert after["passengers"][0]["tickets"][0]["seat"] == seat
    assert after["total_price"] == booked["total_price"] + float(fee)


def test_a_seat_change_states_the_released_seats_credit_and_a_bag_asks_first(
    airline: ApiClient,
) -> None:
    """Moving from a paid seat to another asked "Pay $45.00 …" and said "$45.00 added" while
    the total rose $30: the released seat's credit is named ("$45.00 for 20A, less $15.00 for
    21B: $30.00 added"). A checked bag was charged with no question and "Bag added ($70.00)."
    named no one: it asks "Pay $70.00 for a checked bag for Alice Martin?" first, through the
    paid seat's step, and its notice names the passenger."""
    api, browser, _booked, alice, page = alice2_afresh(airline)
    paid = re.findall(
        r'value="(\d+[A-F])" data-seat="\1"\s+class="[^"]*"\s+title="[^"]*, \$(\d+\.\d\d)"'
        r'\s+aria-label="[^"]*"\s+formaction="[^"]+" formmethod="get"',
        page,
    )
    (first, first_fee), (second, second_fee) = paid[0], paid[-1]
    taken = {"leg": "outbound", "passenger_id": alice["id"], "seat": first}
    browser.post("/bookings/ALICE2/seat", data=taken)
    asked = browser.get("/bookings/ALICE2/seat/review", params={**taken, "seat": second})
    net = float(second_fee) - float(first_fee)
    charge = f"${second_fee} for {second}, less ${first_fee} for {first}: "
    assert charge in shown_text(asked.text), shown_text(asked.text)[:1500]
    said = shown_text(browser.post("/bookings/ALICE2/seat", data={**taken, "seat": second}).text)
    assert f"Seat {second} on TS200 for Alice Martin: {charge}" in said, said[:800]
    before = expect(api.get("/api/bookings/ALICE2"), 200)
    if net > 0:
        assert f"${net:.2f} added to the booking's total" in said
    bag = {"passenger_id": alice["id"], "weight_kg": "23"}
    review = browser.get("/bookings/ALICE2/bags/review", params=bag)
    question = re.search(
        r"Pay (\$[\d.]+) for a checked bag for Alice Martin\?", shown_text(review.text)
    )
    assert question is not None, shown_text(review.text)[:1500]
    assert expect(api.get("/api/bookings/ALICE2"), 200) == before  # nothing charged yet
    added = shown_text(browser.post("/bookings/ALICE2/bags", data=bag).text)
    expected = f"Checked bag (23 kg) for Alice Martin: {question[1]} added to the booking's total."
    assert expected in added, added[:800]
