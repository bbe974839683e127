"""The return-flight change list offered returns that leave before the outbound lands (booking
out on Sun 8 Mar, returns listed on Mon 2 - Fri 6 Mar), and choosing one was refused in the
API's words, "LC202 LHR-JFK on 2026-03-04 departs before the outbound flight arrives.": the
list offers only flights the change would take, and a refusal reads as the pages write days
and routes. The seat step's button said "Pay $45.00 for seat 20A…" while $30.00 was added (the
old seat's $15.00 credited): it names what the user pays. A free change's notice said
"credited $0.00": a zero credit is left out."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from tests.airline.conftest import flight, test_seed
from tests.form_assertions import as_browser
from tests.helpers import ApiClient, expect
from tests.page_words import shown_text


def _with_more_returns(start_airline: Callable[..., ApiClient]) -> ApiClient:
    seed = test_seed()
    seed["flights"] = [
        *seed["flights"],
        flight("TS203", "+0d", "LHR", "JFK", "20:00"),  # leaves before TS200 (+0d 18:00) lands
        flight("TS205", "+6d", "LHR", "JFK", "11:00"),  # after: a return the change may take
    ]
    return start_airline(seed=seed)


def _change_options(page: str, leg: str) -> list[str]:
    form = re.search(rf'class="change-form" data-leg="{leg}">.*?</form>', page, re.S)
    assert form is not None, f"no change form for the {leg}"
    return re.findall(r"<option value=\"\d+\"[^>]*>([^<]+)</option>", form[0])


def test_the_return_list_offers_only_flights_after_the_outbound_lands(
    start_airline: Callable[..., ApiClient],
) -> None:
    airline = _with_more_returns(start_airline)
    browser = as_browser(airline.as_user("alice", "alice-pass"))
    page = browser.get("/bookings/ALICE2").text
    offered = " ".join(_change_options(page, "return"))
    assert "TS205" in offered and "TS203" not in offered, offered


def test_a_refused_change_reads_as_the_pages_write_days_and_routes(
    start_airline: Callable[..., ApiClient],
) -> None:
    airline = _with_more_returns(start_airline)
    api = airline.as_user("alice", "alice-pass")
    early = next(
        f["id"]
        for f in expect(api.get("/api/flights", params={"origin": "LHR"}), 200)["items"]
        if f["number"] == "TS203"
    )
    asked = as_browser(api).get(
        "/bookings/ALICE2/change/review", params={"flight_id": early, "leg": "return"}
    )
    said = shown_text(asked.text)
    assert "departs before the outbound flight arrives" in said, said[:1500]
    assert "TS203 LHR→JFK on Mon 2 Mar" in said, said[:1500]
    assert not re.search(r"\d{4}-\d\d-\d\d|LHR-JFK", said), said[:1500]


def test_the_seat_button_names_what_the_user_pays(airline: ApiClient) -> None:
    expect(airline.admin("POST", "/admin/reset"), 200)
    api = airline.as_user("alice", "alice-pass")
    browser = as_browser(api)
    (alice,) = expect(api.get("/api/bookings/ALICE2"), 200)["passengers"]
    page = browser.get("/bookings/ALICE2").text
    paid = re.findall(
        r'value="(\d+[A-F])" data-seat="\1"\s+class="[^"]*"\s+title="[^"]*, \$(\d+\.\d\d)"', page
    )
    cheap = next(s for s, fee in paid if fee == "15.00")
    dear = next(s for s, fee in paid if fee == "40.00")
    taken: dict[str, Any] = {"leg": "outbound", "passenger_id": alice["id"], "seat": cheap}
    browser.post("/bookings/ALICE2/seat", data=taken)
    asked = browser.get("/bookings/ALICE2/seat/review", params={**taken, "seat": dear}).text
    assert f"Pay $25.00 for seat {dear} for Alice Martin" in shown_text(asked)
    assert f"Pay $25.00 and take seat {dear}</button>" in asked
    assert "Pay $40.00" not in shown_text(asked)
