"""The airline's forms go through the API's own models: a refused form comes back with the
message next to the field and the input kept; an accepted one makes what the API makes."""

from __future__ import annotations

from tests.airline.conftest import flight_id
from tests.form_assertions import as_browser, assert_form_refused
from tests.helpers import ApiClient, expect


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
    assert added.status_code == 200 and "Bag added" in added.text
    assert _bags(airline.as_user("alice", "alice-pass")) == by_api != []
