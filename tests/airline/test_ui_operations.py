"""Each airline web form makes the change its API route makes: the same operation in the
audit log and the same rows, from the same freshly reset state (``assert_same_change``)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from mock_services.airline.api import api
from tests.airline.conftest import flight_id
from tests.form_assertions import FormCase, Given, assert_form_does_what_the_api_does
from tests.helpers import ApiClient, expect

PASSWORDS = {"alice": "alice-pass", "bob": "bob-pass"}
NEW_PASSENGER = {"first_name": "Carl", "last_name": "Jones", "date_of_birth": "1990-05-17"}
NEW_PASSENGER_FIELDS = {
    "first_name_0": "Carl",
    "last_name_0": "Jones",
    "date_of_birth_0": "1990-05-17",
}


def _flight_and_card(client: ApiClient) -> Given:
    """Tomorrow's TS100 (the seed's clock starts on 2026-03-02) and the caller's first card."""
    account = expect(client.get("/api/account"), 200)
    return {
        "flight": flight_id(client, "TS100", "2026-03-03"),
        "card": account["payment_methods"][0]["id"],
    }


def _passengers(reference: str) -> Callable[[ApiClient], Given]:
    def setup(client: ApiClient) -> Given:
        booking = expect(client.get(f"/api/bookings/{reference}"), 200)
        return {"ref": reference, "passengers": [p["id"] for p in booking["passengers"]]}

    return setup


def _change_to(reference: str, number: str, date: str) -> Callable[[ApiClient], Given]:
    """The booking ``reference`` and the flight ``number`` on ``date`` to move it to."""

    def setup(client: ApiClient) -> Given:
        return {"ref": reference, "flight": flight_id(client, number, date)}

    return setup


def _first_bag(reference: str) -> Callable[[ApiClient], Given]:
    def setup(client: ApiClient) -> Given:
        bags = expect(client.get(f"/api/bookings/{reference}/bags"), 200)["items"]
        return {"ref": reference, "bag": bags[0]["id"]}

    return setup


CASES = [
    FormCase(
        "book_page-saved_card",
        "create_booking",
        api=lambda g: (
            "POST",
            "/api/bookings",
            {
                "flight_id": g["flight"],
                "cabin": "economy",
                "passengers": [NEW_PASSENGER],
                "payment_method_id": g["card"],
            },
        ),
        form=lambda g: (
            f"/flights/{g['flight']}/book",
            {
                "cabin": "economy",
                "passengers": "1",
                **NEW_PASSENGER_FIELDS,
                "payment_method_id": str(g["card"]),
            },
        ),
        setup=_flight_and_card,
    ),
    FormCase(
        "book_page-other_card_and_travel_credit",
        "create_booking",
        api=lambda g: (
            "POST",
            "/api/bookings",
            {
                "flight_id": g["flight"],
                "cabin": "business",
                "passengers": [NEW_PASSENGER],
                "card": {"brand": "amex", "last4": "1007", "expiry": "09/31"},
                "use_travel_credit": True,
            },
        ),
        form=lambda g: (
            f"/flights/{g['flight']}/book",
            {
                "cabin": "business",
                "passengers": "1",
                **NEW_PASSENGER_FIELDS,
                "payment_method_id": "",
                "card_brand": "amex",
                "card_last4": "1007",
                "card_expiry": "09/31",
                "use_travel_credit": "on",
            },
        ),
        setup=_flight_and_card,
        user="bob",
    ),
    FormCase(
        "book_page-round_trip",
        "create_booking",
        api=lambda g: (
            "POST",
            "/api/bookings",
            {
                "flight_id": g["flight"],
                "return_flight_id": g["back"],
                "cabin": "economy",
                "passengers": [NEW_PASSENGER],
                "payment_method_id": g["card"],
            },
        ),
        form=lambda g: (
            f"/flights/{g['flight']}/book",
            {
                "cabin": "economy",
                "passengers": "1",
                **NEW_PASSENGER_FIELDS,
                "return_flight_id": str(g["back"]),
                "payment_method_id": str(g["card"]),
            },
        ),
        setup=lambda client: {
            **_flight_and_card(client),
            "flight": flight_id(client, "TS200", "2026-03-02"),
            "back": flight_id(client, "TS201", "2026-03-07"),
        },
    ),
    FormCase(
        "seat_action",
        "select_seat",
        api=lambda g: (
            "POST",
            f"/api/bookings/{g['ref']}/seats",
            {"passenger_id": g["passengers"][0], "seat": "12C", "leg": "outbound"},
        ),
        form=lambda g: (
            f"/bookings/{g['ref']}/seat",
            {"leg": "outbound", "passenger_id": str(g["passengers"][0]), "seat": "12C"},
        ),
        setup=_passengers("ALICE1"),
    ),
    FormCase(
        "check_in_action",
        "check_in",
        api=lambda g: ("POST", f"/api/bookings/{g['ref']}/check-in", {"leg": "outbound"}),
        form=lambda g: (f"/bookings/{g['ref']}/check-in", {"leg": "outbound"}),
        setup=_passengers("BOBBY1"),
        user="bob",
    ),
    FormCase(
        "cancel_action-original_payment",
        "cancel_booking",
        api=lambda g: (
            "POST",
            f"/api/bookings/{g['ref']}/cancel",
            {"refund_method": "original_payment"},
        ),
        form=lambda g: (f"/bookings/{g['ref']}/cancel", {"refund_method": "original_payment"}),
        setup=_passengers("ALICE1"),
    ),
    FormCase(
        "cancel_action-travel_credit",
        "cancel_booking",
        api=lambda g: (
            "POST",
            f"/api/bookings/{g['ref']}/cancel",
            {"refund_method": "travel_credit"},
        ),
        form=lambda g: (f"/bookings/{g['ref']}/cancel", {"refund_method": "travel_credit"}),
        setup=_passengers("ALICE1"),
    ),
    FormCase(
        "bag_action",
        "add_bag",
        api=lambda g: (
            "POST",
            f"/api/bookings/{g['ref']}/bags",
            {"passenger_id": g["passengers"][0], "weight_kg": 25.5},
        ),
        form=lambda g: (
            f"/bookings/{g['ref']}/bags",
            {"passenger_id": str(g["passengers"][0]), "weight_kg": "25.5"},
        ),
        setup=_passengers("BOBBY1"),
        user="bob",
    ),
    FormCase(
        "passport_action",
        "update_passenger",
        api=lambda g: (
            "PATCH",
            f"/api/bookings/{g['ref']}/passengers/{g['passengers'][0]}",
            {"passport_number": "X1234567"},
        ),
        form=lambda g: (
            f"/bookings/{g['ref']}/passport",
            {"passenger_id": str(g["passengers"][0]), "passport_number": "X1234567"},
        ),
        setup=_passengers("ALICE2"),
    ),
    FormCase(
        "change_action-fare_difference_and_fee",
        "change_booking",
        api=lambda g: (
            "POST",
            f"/api/bookings/{g['ref']}/change",
            {"flight_id": g["flight"], "leg": "outbound"},
        ),
        form=lambda g: (
            f"/bookings/{g['ref']}/change",
            {"leg": "outbound", "flight_id": str(g["flight"])},
        ),
        setup=_change_to("ALICE1", "TS102", "2026-03-03"),
    ),
    FormCase(
        "change_action-flight_cancelled_by_airline",
        "change_booking",
        api=lambda g: (
            "POST",
            f"/api/bookings/{g['ref']}/change",
            {"flight_id": g["flight"], "leg": "outbound"},
        ),
        form=lambda g: (
            f"/bookings/{g['ref']}/change",
            {"leg": "outbound", "flight_id": str(g["flight"])},
        ),
        setup=_change_to("BOBBY2", "TS304", "2026-03-04"),
        user="bob",
    ),
    FormCase(
        "bag_remove_action",
        "remove_bag",
        api=lambda g: ("DELETE", f"/api/bookings/{g['ref']}/bags/{g['bag']}", None),
        form=lambda g: (f"/bookings/{g['ref']}/bags/{g['bag']}/remove", {}),
        setup=_first_bag("BOBBY1"),
        user="bob",
    ),
]
"""Each write of the API has a case above (``test_every_write_route_has_a_form_case``)."""


@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_form_makes_the_change_its_api_route_makes(airline: ApiClient, case: FormCase) -> None:
    assert_form_does_what_the_api_does(airline, case, PASSWORDS)


def test_every_write_route_has_a_form_case() -> None:
    writes = {e.handler.__name__ for e in api.endpoints if e.mutating and e.auth == "user"}
    assert writes == {case.operation for case in CASES}
