"""Booking rules: the provider's weekday hours, two hours' notice, no double booking. The
default world is in New York (EST, UTC-5, until 8 March): its times are written with that offset."""

from __future__ import annotations

from tests.helpers import ApiClient, expect, expect_error
from tests.service_fixtures import OVER_HTTP_TOO


def _provider(client: ApiClient, specialty: str) -> dict:
    found = expect(client.get("/api/providers", params={"specialty": specialty}), 200)["items"]
    return found[0]


def _book(client: ApiClient, provider: dict, start: str, minutes: int = 30) -> object:
    body = {
        "provider_id": provider["id"],
        "start": start,
        "duration_minutes": minutes,
        "reason": "Check-up",
    }
    return client.post("/api/appointments", json=body)


@OVER_HTTP_TOO
def test_booking_lists_and_cancels(alice: ApiClient) -> None:
    gp = _provider(alice, "general practice")
    booked = expect(_book(alice, gp, "2026-03-04T09:00:00-05:00"), 201)
    assert booked["code"] == "APT-000009" and booked["status"] == "scheduled"
    assert booked["end"] == "2026-03-04T14:30:00Z"
    upcoming = expect(
        alice.get("/api/appointments", params={"upcoming": "true", "status": "scheduled"}), 200
    )
    assert [a["code"] for a in upcoming["items"]] == ["APT-000009", "APT-000002"]
    cancelled = expect(alice.post("/api/appointments/APT-000009/cancel"), 200)
    assert cancelled["status"] == "cancelled" and cancelled["cancelled_at"]
    error = expect_error(alice.post("/api/appointments/APT-000009/cancel"), 409)
    assert "is cancelled; it cannot be cancelled" in error["message"]
    expect_error(alice.post("/api/appointments/APT-000001/cancel"), 409)  # completed


@OVER_HTTP_TOO
def test_hours_notice_and_overlaps(alice: ApiClient, bob: ApiClient) -> None:
    cardio = _provider(alice, "cardiology")  # 09:00-16:00
    error = expect_error(_book(alice, cardio, "2026-03-04T15:45:00-05:00"), 422)
    assert "sees patients 09:00-16:00 Monday to Friday" in error["message"]
    expect_error(_book(alice, cardio, "2026-03-07T10:00:00-05:00"), 422)  # Saturday
    error = expect_error(_book(alice, cardio, "2026-03-02T10:00:00-05:00"), 422)  # in an hour
    assert "at least two hours ahead" in error["message"]
    dentist = _provider(alice, "dentistry")
    # alice already sees the dentist on Thursday 10:00-10:45
    error = expect_error(_book(alice, cardio, "2026-03-05T10:30:00-05:00"), 409)
    assert "you already have appointment APT-000002" in error["message"]
    # bob cannot take alice's slot at the dentist
    error = expect_error(_book(bob, dentist, "2026-03-05T10:15:00-05:00"), 409)
    assert "Dr. Sara Lindqvist is already booked" in error["message"]
    expect(_book(bob, dentist, "2026-03-05T10:45:00-05:00"), 201)


def test_reschedule_keeps_the_rules(alice: ApiClient, bob: ApiClient) -> None:
    moved = expect(
        alice.post(
            "/api/appointments/APT-000002/reschedule", json={"start": "2026-03-06T08:00:00-05:00"}
        ),
        200,
    )
    assert (moved["start"], moved["end"]) == ("2026-03-06T13:00:00Z", "2026-03-06T13:45:00Z")
    expect_error(
        alice.post(
            "/api/appointments/APT-000002/reschedule", json={"start": "2026-03-06T17:00:00-05:00"}
        ),
        422,
    )
    expect_error(bob.get("/api/appointments/APT-000002"), 403)
    expect_error(alice.get("/api/appointments/APT-999999"), 404)
