"""The web UI: pages render from the same rules, and a browser can book, pick a seat and
check in."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from urllib.parse import quote

import pytest

from tests.airline.conftest import flight_id, test_seed
from tests.form_assertions import assert_action_refused
from tests.helpers import ApiClient, expect, log_in


def _browser_login(page: Any, base: str, username: str, password: str, next_path: str) -> None:
    log_in(page, base, username, password, quote(next_path))


def test_pages_render(airline: ApiClient, alice: ApiClient) -> None:
    home = airline.get("/", params={"origin": "JFK", "destination": "BOS", "date": "2026-03-03"})
    assert home.status_code == 200
    assert "TS102" in home.text and "Book" in home.text and "$150.00" in home.text
    unknown = airline.get("/", params={"origin": "ZZZ", "destination": "BOS", "date": "2026-03-03"})
    assert unknown.status_code == 200 and "airport &#39;ZZZ&#39; not found" in unknown.text
    assert airline.get("/announcements").status_code == 200
    assert "TS302 is cancelled (strike)." in airline.get("/announcements").text
    anonymous = airline.get("/bookings", allow_redirects=False)
    assert anonymous.status_code == 302 and "/login" in anonymous.headers["Location"]
    mine = alice.get("/bookings")
    assert mine.status_code == 200 and "ALICE1" in mine.text and "BOBBY1" not in mine.text
    detail = alice.get("/bookings/ALICE1")
    assert detail.status_code == 200 and "Seat map TS100" in detail.text
    assert alice.get("/bookings/BOBBY1").status_code == 403


def test_ui_form_error_is_shown(airline: ApiClient, alice: ApiClient) -> None:
    alice.get("/bookings/ALICE1")
    response = alice.post(
        "/bookings/ALICE1/bags",
        data={"passenger_id": "1", "weight_kg": "40"},
        headers={"Referer": f"{airline.base_url}/bookings/ALICE1"},
    )
    assert_action_refused(response, 422, "at most 32 kg", kept={"weight_kg": "40"})
    assert expect(alice.get("/api/bookings/ALICE1/bags"), 200)["total"] == 0


@pytest.mark.browser
def test_book_pick_seat_and_check_in_in_browser(
    airline: ApiClient, alice: ApiClient, page: Any
) -> None:
    base = airline.base_url
    _browser_login(
        page, base, "alice", "alice-pass", "/?origin=JFK&destination=BOS&date=2026-03-02"
    )
    page.wait_for_selector("#results")
    page.click("#results a.book")
    page.fill("#first_name_0", "Nora")
    page.fill("#last_name_0", "Quinn")
    page.fill("#date_of_birth_0", "1990-05-17")
    page.select_option("#payment_method_id", "1")
    page.click("#confirm-booking")
    page.wait_for_selector("#reference")
    reference = page.inner_text("#reference")
    assert "confirmed" in page.inner_text("[role=alert]")

    page.click("form.seat-form[data-leg=outbound] button[data-seat='12D']")
    pay = page.get_by_role("button", name="Pay $15.00 and take seat 12D")  # a paid seat asks
    pay.wait_for()
    unpaid = expect(alice.get(f"/api/bookings/{reference}"), 200)
    assert unpaid["total_price"] == 200 and not unpaid["passengers"][0]["tickets"][0]["seat"]
    pay.click()
    page.wait_for_selector("text=Seat 12D on TS100 for Nora Quinn: $15.00 added")
    booking = expect(alice.get(f"/api/bookings/{reference}"), 200)
    passenger = booking["passengers"][0]
    assert (passenger["first_name"], passenger["last_name"]) == ("Nora", "Quinn")
    assert passenger["tickets"][0]["seat"] == "12D"
    assert booking["total_price"] == 200 + 15
    assert booking["card_summary"] == "VISA ****4242"

    page.click("button.check-in[data-leg=outbound]")
    page.wait_for_selector("text=Checked in 1 passenger on booking")
    passes = expect(alice.get(f"/api/bookings/{reference}/boarding-passes"), 200)
    assert [(p["seat"], p["flight_number"]) for p in passes["items"]] == [("12D", "TS100")]


@pytest.mark.browser
def test_cancelling_a_booking_asks_first(live_service: Callable[..., ApiClient], page: Any) -> None:
    """ "Don't cancel booking" keeps the booking; only the dialog's own button cancels it."""
    airline = live_service("airline")
    alice = airline.as_user("alice", "alice-pass")
    reference = next(
        b["reference"]
        for b in expect(alice.get("/api/bookings"), 200)["items"]
        if expect(alice.get(f"/api/bookings/{b['reference']}/cancellation"), 200)["can_cancel"]
    )
    status = expect(alice.get(f"/api/bookings/{reference}"), 200)["status"]
    _browser_login(page, airline.base_url, "alice", "alice-pass", f"/bookings/{reference}")

    page.get_by_role("button", name="Cancel booking…").click()
    dialog = page.get_by_role("dialog")
    assert f"Cancel booking {reference}" in dialog.inner_text()
    dialog.get_by_role("button", name="Don't cancel booking").click()
    assert not dialog.is_visible()
    assert expect(alice.get(f"/api/bookings/{reference}"), 200)["status"] == status

    page.get_by_role("button", name="Cancel booking…").click()
    page.select_option("#refund-method", "travel_credit")
    page.get_by_role("dialog").get_by_role("button", name="Yes, cancel booking").click()
    assert "Cancelled booking " in page.inner_text("[role=alert]")
    assert expect(alice.get(f"/api/bookings/{reference}"), 200)["status"] == "cancelled"


def test_booking_form_spends_travel_credit(start_airline: Callable[..., ApiClient]) -> None:
    seed = test_seed()
    seed["users"][0]["travel_credit"] = 60
    airline = start_airline(seed)
    alice = airline.as_user("alice", "alice-pass")
    fid = flight_id(airline, "TS102", "2026-03-03")
    form = alice.get(f"/flights/{fid}/book")
    assert "Use my travel credit ($60.00)" in form.text
    passenger = {"first_name_0": "Nora", "last_name_0": "Quinn", "date_of_birth_0": "1990-05-17"}
    booked = alice.post(
        f"/flights/{fid}/book",
        data={**passenger, "payment_method_id": "1", "use_travel_credit": "on"},
    )
    assert booked.status_code == 200 and "$60.00</span> of it with travel credit" in booked.text
    assert expect(alice.get("/api/account"), 200)["travel_credit"] == 0
    assert "Use my travel credit" not in alice.get(f"/flights/{fid}/book").text


@pytest.mark.browser
def test_a_refused_passenger_is_named_by_the_form_and_nothing_typed_is_lost(
    airline: ApiClient, alice: ApiClient, page: Any
) -> None:
    """The service refuses the second passenger's date of birth (a rule past the model): the
    booking form comes back with both passengers as typed, the message next to that field,
    and the summary naming it as the page labels it, not by the form's field name."""
    flight = flight_id(alice, "TS200", "2026-03-02")
    bookings_before = expect(alice.get("/api/bookings"), 200)["total"]
    _browser_login(
        page, airline.base_url, "alice", "alice-pass", f"/flights/{flight}/book?passengers=2"
    )
    typed = {
        "#first_name_0": "Nora",
        "#last_name_0": "Quinn",
        "#date_of_birth_0": "1990-05-17",
        "#first_name_1": "Owen",
        "#last_name_1": "Quinn",
        "#date_of_birth_1": "1850-01-01",
    }
    for selector, value in typed.items():
        page.fill(selector, value)
    one_way = page.inner_text("#total")
    back = page.locator("#return_flight_id option").nth(1)
    page.select_option("#return_flight_id", back.get_attribute("value"))
    assert page.inner_text("#total") == back.get_attribute("data-total") != one_way
    assert f"trip total {page.inner_text('#total')}" in back.inner_text()
    page.select_option("#return_flight_id", "")
    assert page.inner_text("#total") == one_way
    page.select_option("#payment_method_id", "1")
    with page.expect_navigation():  # then loaded: the summary's names are the page script's
        page.click("#confirm-booking")
    summary = page.locator("#form-errors")
    assert summary.get_by_role("link").all_inner_texts() == ["Passenger 2: Date of birth"]
    assert "Tue 1 Jan 1850 is not plausible" in page.inner_text("#error-date_of_birth_1")
    kept = {selector: page.input_value(selector) for selector in typed}
    assert kept == typed, f"expected every typed value kept, got {kept}"
    assert expect(alice.get("/api/bookings"), 200)["total"] == bookings_before


@pytest.mark.browser
def test_the_seat_map_says_each_seats_state_as_it_shows_it(
    live_service: Callable[..., ApiClient], page: Any
) -> None:
    """The legend names the colours the seats are drawn in (free seats in the brand's amber,
    none blue), each state is marked in text too (not by colour alone), and the long "New
    outbound flight" choice stays inside its card."""
    airline = live_service("airline")
    alice = airline.as_user("alice", "alice-pass")
    shown = [
        b["reference"]
        for b in expect(alice.get("/api/bookings"), 200)["items"]
        if b["status"] == "confirmed"
    ]
    _browser_login(page, airline.base_url, "alice", "alice-pass", f"/bookings/{shown[0]}")
    for reference in shown:
        page.goto(f"{airline.base_url}/bookings/{reference}")
        if (
            page.locator(".seatmap").count()
            and page.locator("select#change-flight-outbound").count()
        ):
            break
    else:
        pytest.fail(f"no booking of {shown} has a seat map and a flight to change to")
    legend = page.locator(".seat-legend").first.inner_text()
    assert "Blue" not in legend and "Amber: free" in legend, legend
    free = page.locator(".seatmap button:not(.taken):not(.mine):not(.legroom)").first
    assert "255, 173, 0" in free.evaluate("b => getComputedStyle(b).backgroundColor")
    for kind, mark in (("taken", "\u00d7"), ("mine", "✓"), ("legroom", "+")):
        seats = page.locator(f".seatmap button.{kind}")
        if seats.count():
            assert mark in seats.first.inner_text(), (
                f"a {kind} seat reads {seats.first.inner_text()!r}"
            )
    page.set_viewport_size({"width": 800, "height": 800})  # a narrow window: a long choice
    choice = page.locator("select#change-flight-outbound").bounding_box()
    card = page.locator("#change-flight").bounding_box()
    assert choice is not None and card is not None
    assert choice["x"] + choice["width"] <= card["x"] + card["width"], (choice, card)
