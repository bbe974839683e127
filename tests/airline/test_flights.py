"""Airports, flights, search and seat maps (public, read-only)."""

from __future__ import annotations

from tests.airline.conftest import flight_id
from tests.helpers import ApiClient, expect, expect_error


def test_airports_list_filter_and_lookup(airline: ApiClient) -> None:
    page = expect(airline.get("/api/airports"), 200)
    assert page["total"] == 4
    assert [a["code"] for a in page["items"]] == ["BOS", "CDG", "JFK", "LHR"]
    us = expect(airline.get("/api/airports", params={"country": "us"}), 200)
    assert [a["code"] for a in us["items"]] == ["BOS", "JFK"]
    paged = expect(airline.get("/api/airports", params={"page": 2, "per_page": 3}), 200)
    assert paged["total"] == 4 and [a["code"] for a in paged["items"]] == ["LHR"]
    lhr = expect(airline.get("/api/airports/lhr"), 200)
    assert lhr == {
        "code": "LHR",
        "name": "Heathrow",
        "city": "London",
        "country": "GB",
        "timezone": "Europe/London",
    }
    error = expect_error(airline.get("/api/airports/XYZ"), 404, "not_found")
    assert "XYZ" in error["message"] and "JFK" in error["message"]


def test_flight_detail_has_utc_and_local_times(airline: ApiClient) -> None:
    fid = flight_id(airline, "TS200", "2026-03-02")
    f = expect(airline.get(f"/api/flights/{fid}"), 200)
    assert f["scheduled_departure"] == "2026-03-02T23:00:00Z"
    assert f["scheduled_departure_local"] == "2026-03-02T18:00:00-05:00"
    assert f["scheduled_arrival"] == "2026-03-03T06:00:00Z"
    assert f["scheduled_arrival_local"] == "2026-03-03T06:00:00+00:00"
    assert f["duration_minutes"] == 420 and f["status"] == "scheduled"
    economy = next(x for x in f["fares"] if x["cabin"] == "economy")
    # 18 seats, one booked passenger (ALICE2)
    assert economy == {
        "cabin": "economy",
        "fare_class": "Y",
        "price": 200.0,
        "refundable": False,
        "seats_available": 17,
        "seat_fee": 15.0,
        "extra_legroom_fee": 40.0,
    }
    assert next(x for x in f["fares"] if x["cabin"] == "business")["refundable"] is True
    expect_error(airline.get("/api/flights/9999"), 404, "not_found")


def _seats_available(client: ApiClient, fid: int) -> dict[str, int]:
    flight = expect(client.get(f"/api/flights/{fid}"), 200)
    return {fare["cabin"]: fare["seats_available"] for fare in flight["fares"]}


def test_seats_available_are_unblocked_seats_less_booked_passengers_per_cabin(
    airline: ApiClient,
) -> None:
    # TS106: 17 of 18 economy seats held outside the system (blocked)
    assert _seats_available(airline, flight_id(airline, "TS106", "2026-03-03")) == {
        "business": 4,
        "economy": 1,
    }
    # TS100 tomorrow: ALICE1 in economy, ALICE4 in business, one passenger each
    fid = flight_id(airline, "TS100", "2026-03-03")
    assert _seats_available(airline, fid) == {"business": 3, "economy": 17}
    # the listing answers the same figures as the flight itself
    listed = expect(airline.get("/api/flights", params={"number": "TS100"}), 200)["items"]
    assert {f["id"]: f for f in listed}[fid] == expect(airline.get(f"/api/flights/{fid}"), 200)


def test_list_flights_filters(airline: ApiClient) -> None:
    page = expect(airline.get("/api/flights", params={"origin": "JFK", "destination": "BOS"}), 200)
    assert page["total"] == 6
    times = [f["scheduled_departure"] for f in page["items"]]
    assert times == sorted(times)
    cancelled = expect(airline.get("/api/flights", params={"status": "cancelled"}), 200)
    assert [f["number"] for f in cancelled["items"]] == ["TS302"]
    expect_error(airline.get("/api/flights", params={"origin": "QQQ"}), 404)
    expect_error(airline.get("/api/flights", params={"status": "lost"}), 422)


def test_search_sorts_and_filters(airline: ApiClient) -> None:
    params = {"origin": "JFK", "destination": "BOS", "date": "2026-03-03"}
    by_price = expect(airline.get("/api/flights/search", params=params), 200)
    assert [(h["flight"]["number"], h["price"]) for h in by_price["items"]] == [
        ("TS102", 150.0),
        ("TS106", 180.0),
        ("TS100", 200.0),
        ("TS104", 260.0),
    ]
    by_departure = expect(
        airline.get("/api/flights/search", params={**params, "sort": "departure"}), 200
    )
    assert [h["flight"]["number"] for h in by_departure["items"]] == [
        "TS102",
        "TS106",
        "TS100",
        "TS104",
    ]
    by_duration = expect(
        airline.get("/api/flights/search", params={**params, "sort": "duration"}), 200
    )
    assert by_duration["items"][0]["flight"]["number"] == "TS104"
    # TS106 has one economy seat left: it drops out for two passengers
    two = expect(airline.get("/api/flights/search", params={**params, "passengers": 2}), 200)
    assert "TS106" not in [h["flight"]["number"] for h in two["items"]]
    assert two["items"][0]["total_price"] == 300.0
    business = expect(
        airline.get("/api/flights/search", params={**params, "cabin": "business"}), 200
    )
    assert business["items"][0]["price"] == 800.0 and business["items"][0]["refundable"]


def test_search_leaves_out_cancelled_departed_and_closed(airline: ApiClient) -> None:
    cancelled = airline.get(
        "/api/flights/search", params={"origin": "LHR", "destination": "CDG", "date": "2026-03-04"}
    )
    assert [h["flight"]["number"] for h in expect(cancelled, 200)["items"]] == ["TS304"]
    closing = airline.get(
        "/api/flights/search", params={"origin": "LHR", "destination": "CDG", "date": "2026-03-02"}
    )
    assert expect(closing, 200)["total"] == 0
    past = airline.get(
        "/api/flights/search", params={"origin": "JFK", "destination": "BOS", "date": "2026-03-01"}
    )
    assert expect(past, 200)["total"] == 0


def test_search_input_errors(airline: ApiClient) -> None:
    missing = expect_error(airline.get("/api/flights/search", params={"origin": "JFK"}), 422)
    assert "destination" in str(missing)
    same = airline.get(
        "/api/flights/search", params={"origin": "JFK", "destination": "JFK", "date": "2026-03-03"}
    )
    assert "must be different" in expect_error(same, 422)["message"]
    unknown = airline.get(
        "/api/flights/search", params={"origin": "JFK", "destination": "ZZZ", "date": "2026-03-03"}
    )
    assert "ZZZ" in expect_error(unknown, 404)["message"]
    too_many = airline.get(
        "/api/flights/search",
        params={"origin": "JFK", "destination": "BOS", "date": "2026-03-03", "passengers": 10},
    )
    expect_error(too_many, 422)


def test_seat_map(airline: ApiClient) -> None:
    fid = flight_id(airline, "TS100", "2026-03-03")
    seat_map = expect(airline.get(f"/api/flights/{fid}/seats"), 200)
    assert seat_map["flight_number"] == "TS100" and seat_map["date"] == "2026-03-03"
    assert {c["cabin"]: c["layout"] for c in seat_map["cabins"]} == {
        "business": "AC-DF",
        "economy": "ABC-DEF",
    }
    seats = {s["number"]: s for s in seat_map["seats"]}
    assert len(seats) == 22
    assert seats["11A"]["occupied"] is True  # ALICE1
    assert seats["1A"]["occupied"] is True  # ALICE4
    assert seats["10C"] == {
        "number": "10C",
        "row": 10,
        "letter": "C",
        "cabin": "economy",
        "position": "aisle",
        "extra_legroom": True,
        "fee": 40.0,
        "occupied": False,
    }
    free = expect(
        airline.get(f"/api/flights/{fid}/seats", params={"cabin": "economy", "free_only": "1"}),
        200,
    )
    assert len(free["seats"]) == 17 and "11A" not in [s["number"] for s in free["seats"]]
    expect_error(airline.get("/api/flights/9999/seats"), 404)


def test_dates_are_local_at_the_origin(airline: ApiClient) -> None:
    params = {"origin": "BOS", "destination": "JFK"}
    evening = expect(
        airline.get("/api/flights/search", params={**params, "date": "2026-03-03"}), 200
    )
    [hit] = evening["items"]
    f = hit["flight"]
    assert (f["number"], f["date"]) == ("TS110", "2026-03-03")
    assert f["scheduled_departure"] == "2026-03-04T02:30:00Z"
    assert f["scheduled_departure_local"] == "2026-03-03T21:30:00-05:00"
    assert f["scheduled_arrival_local"] == "2026-03-03T22:45:00-05:00"
    next_day = expect(
        airline.get("/api/flights/search", params={**params, "date": "2026-03-04"}), 200
    )
    assert next_day["total"] == 0
    listed = expect(airline.get("/api/flights", params={**params, "date": "2026-03-03"}), 200)
    assert [x["number"] for x in listed["items"]] == ["TS110"]
    expect_error(airline.get("/api/flights", params={**params, "date": "0"}), 422)


def test_a_misspelt_search_parameter_is_refused(airline: ApiClient) -> None:
    search = {"origin": "JFK", "destination": "LHR", "date": "2026-03-02", "cabn": "business"}
    error = expect_error(airline.get("/api/flights/search", params=search), 422)
    assert "'cabn'" in error["message"] and "cabin" in error["message"]
