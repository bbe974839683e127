"""The airline's forms go through the API's own models: a refused form comes back with the
message next to the field and the input kept; an accepted one makes what the API makes."""

from __future__ import annotations

import re
from typing import Any

from tests.airline.conftest import flight_id
from tests.form_assertions import as_browser, assert_form_refused, labels_found_twice
from tests.helpers import ApiClient, expect

NORA = {"first_name_0": "Nora", "last_name_0": "Quinn", "date_of_birth_0": "1990-05-17"}
NORA_VALUES = {"first_name": "Nora", "last_name": "Quinn", "date_of_birth": "1990-05-17"}
BOB_VALUES = {"first_name": "Bob", "last_name": "Chen", "date_of_birth": "1988-02-01"}
"""One passenger as the booking form's fields."""


def book_in_browser(airline: ApiClient, typed: dict[str, str]) -> tuple[Any, Any]:
    """Alice's browser posting ``typed`` to the booking form of TS102 (economy, one
    passenger), from the database's seed; its answer and the browser, to post again."""
    expect(airline.admin("POST", "/admin/reset"), 200)
    fid = flight_id(airline, "TS102", "2026-03-03")
    form_page = f"/flights/{fid}/book?cabin=economy&passengers=1"
    browser = as_browser(airline.as_user("alice", "alice-pass"))
    referer = {"Referer": airline.base_url + form_page}
    return browser.post(form_page, data=typed, headers=referer), (browser, form_page)


def test_refused_booking_form_shows_the_error_next_to_the_field(
    airline: ApiClient, alice: ApiClient
) -> None:
    before = len(expect(alice.get("/api/bookings"), 200)["items"])
    fid = flight_id(airline, "TS102", "2026-03-03")
    form_page = f"/flights/{fid}/book?cabin=economy&passengers=1"
    browser = as_browser(airline.as_user("alice", "alice-pass"))
    response = browser.post(
        form_page,
        data={
            "first_name_0": "Nora",
            "last_name_0": "Quinn",
            "date_of_birth_0": "17/05/1990",
            "passport_0": "",
            "payment_method_id": "1",
        },
        headers={"Referer": airline.base_url + form_page},
    )
    assert_form_refused(
        response,
        errors={"date_of_birth_0": "expected a date written YYYY-MM-DD"},
        kept={"first_name_0": "Nora", "last_name_0": "Quinn", "date_of_birth_0": "17/05/1990"},
    )
    assert len(expect(alice.get("/api/bookings"), 200)["items"]) == before


def _bags(client: ApiClient) -> list[dict]:
    bags = expect(client.get("/api/bookings/ALICE1/bags"), 200)["items"]
    return [{k: v for k, v in bag.items() if k not in ("id", "created_at")} for bag in bags]


def test_bag_form_adds_what_the_api_adds(airline: ApiClient, alice: ApiClient) -> None:
    passenger = expect(alice.get("/api/bookings/ALICE1"), 200)["passengers"][0]["id"]
    bag = {"passenger_id": passenger, "weight_kg": 25}
    expect(alice.post("/api/bookings/ALICE1/bags", json=bag), 201)
    by_api = _bags(alice)
    expect(airline.admin("POST", "/admin/reset"), 200)
    browser = as_browser(airline.as_user("alice", "alice-pass"))
    added = browser.post("/bookings/ALICE1/bags", data={k: str(v) for k, v in bag.items()})
    assert added.status_code == 200 and "Checked bag (25 kg) for " in added.text
    assert _bags(airline.as_user("alice", "alice-pass")) == by_api != []


def test_a_booking_refused_for_a_passengers_birth_date_keeps_the_whole_form(
    airline: ApiClient, alice: ApiClient
) -> None:
    expect(airline.admin("POST", "/admin/reset"), 200)
    before = len(expect(alice.get("/api/bookings"), 200)["items"])
    out, back = flight_id(airline, "TS200", "2026-03-02"), flight_id(airline, "TS201", "2026-03-07")
    form_page = f"/flights/{out}/book?cabin=economy&passengers=2"
    browser = as_browser(airline.as_user("alice", "alice-pass"))
    typed = {
        "cabin": "economy",
        "passengers": "2",
        "first_name_0": "Alice",
        "last_name_0": "Martin",
        "date_of_birth_0": "1986-04-12",
        "passport_0": "X1234567",
        "first_name_1": "Bob",
        "last_name_1": "Chen",
        "date_of_birth_1": "2030-01-01",
        "passport_1": "",
        "return_flight_id": str(back),
        "payment_method_id": "1",
    }
    response = browser.post(
        form_page, data=typed, headers={"Referer": airline.base_url + form_page}
    )
    assert_form_refused(
        response,
        errors={"date_of_birth_1": "must be in the past"},
        kept={k: v for k, v in typed.items() if k not in ("cabin", "passengers")},
    )
    assert "passengers[1]" not in response.text and "date_of_birth must" not in response.text
    # the summary names the field by its label, "Passenger 2: Date of birth": the message
    # beside it (in that passenger's fieldset) does not say the passenger again
    assert "Passenger 2 (Bob Chen)" not in response.text
    summary = re.search(r'<div class="flash error" id="form-errors".*?</div>', response.text, re.S)
    assert summary and ">Passenger 2: Date of birth</a>" in summary.group(0), (
        f"expected the summary (without the page script) to name the field by its label, "
        f"got {summary.group(0) if summary else 'no summary'}"
    )
    assert len(re.findall(r"<legend>Passenger \d</legend>", response.text)) == 2
    # a second try from the page shown again is refused on it again, with the model's words
    typed["date_of_birth_1"] = "01/01/1990"
    again = browser.post(form_page, data=typed, headers={"Referer": airline.base_url + form_page})
    assert_form_refused(
        again,
        errors={"date_of_birth_1": "expected a date"},
        kept={"date_of_birth_1": "01/01/1990", "return_flight_id": str(back)},
    )
    assert len(expect(alice.get("/api/bookings"), 200)["items"]) == before


def test_an_expired_card_is_refused_next_to_it(airline: ApiClient) -> None:
    expired = {**NORA, "payment_method_id": "2"}  # mastercard 4444, expired 01/25
    response, _ = book_in_browser(airline, expired)
    assert_form_refused(
        response,
        errors={"payment_method_id": "expired at the end of 01/25"},
        kept={"first_name_0": "Nora", "payment_method_id": "2"},
    )


def test_another_card_is_read_only_when_chosen_and_refused_next_to_its_field(
    airline: ApiClient,
) -> None:
    typed = {
        **NORA,
        "payment_method_id": "new",
        "card_brand": "visa",
        "card_last4": "12",
        "card_expiry": "09/31",
    }
    response, (browser, form_page) = book_in_browser(airline, typed)
    assert_form_refused(
        response,
        errors={"card_last4": "expected 4 digits"},
        kept={"card_last4": "12", "payment_method_id": "new", "first_name_0": "Nora"},
    )
    booked = browser.post(form_page, data={**typed, "payment_method_id": "1"})
    assert booked.status_code == 200 and "confirmed" in booked.text


def test_the_booking_form_says_the_trip_total_and_which_card_has_expired(
    airline: ApiClient, alice: ApiClient
) -> None:
    """Before "Confirm booking" each return flight names the trip's total, the one the booking
    then charges; an expired saved card says so; "Card" labels the saved cards' choice alone."""
    expect(airline.admin("POST", "/admin/reset"), 200)
    out, back = flight_id(airline, "TS200", "2026-03-02"), flight_id(airline, "TS201", "2026-03-07")
    form_page = f"/flights/{out}/book?cabin=economy&passengers=2"
    browser = as_browser(airline.as_user("alice", "alice-pass"))
    page = browser.get(form_page).text
    choice = re.search(rf'<option value="{back}"[^>]*>([^<]*)</option>', page)
    assert choice is not None, "expected the return flight TS201 among the choices"
    said = re.search(r"trip total (\$[\d,.]+)", choice.group(1))
    assert said is not None, f"expected the return choice to name the trip total: {choice[1]!r}"
    assert re.search(r"\(expired 01/25, cannot pay\)", page), "expected the expired card marked"
    assert labels_found_twice(page) == [], labels_found_twice(page)
    typed = {
        **{f"{k}_{i}": v for i, p in enumerate((NORA_VALUES, BOB_VALUES)) for k, v in p.items()},
        "cabin": "economy",
        "passengers": "2",
        "return_flight_id": str(back),
        "payment_method_id": "1",
    }
    booked = browser.post(form_page, data=typed)
    assert booked.status_code == 200, booked.text[:300]
    reference = re.search(r"Booking (\w+) confirmed", booked.text)
    assert reference is not None, booked.text[:500]
    booking = expect(alice.get(f"/api/bookings/{reference[1]}"), 200)
    assert f"${booking['total_price']:,.2f}" == said[1], (booking, said[1])
