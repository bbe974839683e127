"""An appointment invites through the calendar, end to end: health, calendar and email run as
real servers in one data directory, health wired to both by its seed's ``notifications``."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from mock_services.core.base.keys import delivery_token
from mock_services.core.serve.process import ServiceProcess, free_port
from mock_services.health.service import default_seed
from tests.conftest import seed_dir
from tests.helpers import ApiClient, expect, expect_error

pytestmark = pytest.mark.process  # health calls real calendar and email servers


def _start(data_dir: Path, service: str, document: dict[str, Any] | None = None) -> ServiceProcess:
    seed_dir(data_dir, service, document)
    return ServiceProcess(service, free_port(), data_dir).start()


@pytest.fixture(scope="module")
def platform(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, ServiceProcess]]:
    data_dir = tmp_path_factory.mktemp("health-platform")
    processes = {"email": _start(data_dir, "email"), "calendar": _start(data_dir, "calendar")}
    wiring = {
        "email_url": processes["email"].url,
        "services": {"calendar": processes["calendar"].url},
    }
    processes["health"] = _start(data_dir, "health", {**default_seed(), "notifications": wiring})
    yield processes
    for process in processes.values():
        process.stop()


def _client(process: ServiceProcess, username: str = "alice") -> ApiClient:
    return ApiClient(process.url, process.admin_token).login(username, f"{username}-pass")


def _eventually(probe: Callable[[], Any], timeout: float = 10) -> Any:
    """``probe()`` once it is truthy (delivery runs after the commit), else its last answer."""
    deadline = time.monotonic() + timeout
    while not (found := probe()) and time.monotonic() < deadline:
        time.sleep(0.1)
    return found


def _invitation(calendar: ApiClient, title: str) -> dict[str, Any] | None:
    items = expect(calendar.get("/api/invitations", params={"per_page": 100}), 200)["items"]
    return next((e for e in items if e["title"] == title), None)


def test_booking_invites_rescheduling_moves_and_cancelling_cancels(
    platform: dict[str, ServiceProcess],
) -> None:
    health, calendar = _client(platform["health"]), _client(platform["calendar"])
    derm = expect(health.get("/api/providers", params={"q": "dermatology"}), 200)["items"][0]
    booked = expect(
        health.post(
            "/api/appointments",
            json={
                "provider_id": derm["id"],
                "start": "2026-03-09T15:00:00Z",
                "reason": "Skin check",
            },
        ),
        201,
    )
    title = "Dermatology: Dr. Julien Moreau"
    event = _eventually(lambda: _invitation(calendar, title))
    assert event is not None, "the invitation never reached the calendar"
    assert event["external_organizer"] == "booking@clearskin.example.com"
    assert (event["start"], event["end"]) == ("2026-03-09T15:00:00Z", "2026-03-09T15:30:00Z")
    assert event["my_role"] == "attendee" and event["my_rsvp"] == "needs_action"
    assert not event["can_edit"] and booked["code"] in event["description"]
    expect(calendar.post(f"/api/events/{event['id']}/rsvp", json={"response": "accepted"}), 200)

    expect(
        health.post(
            f"/api/appointments/{booked['code']}/reschedule", json={"start": "2026-03-10T13:00:00Z"}
        ),
        200,
    )
    moved = _eventually(
        lambda: (
            (e := expect(calendar.get(f"/api/events/{event['id']}"), 200))["start"]
            == "2026-03-10T13:00:00Z"  # 09:00 in New York
            and e
        )
    )
    assert moved and moved["my_rsvp"] == "accepted", "the calendar copy did not move"

    expect(health.post(f"/api/appointments/{booked['code']}/cancel"), 200)
    cancelled = _eventually(
        lambda: (
            (e := expect(calendar.get(f"/api/events/{event['id']}"), 200))["status"] == "cancelled"
            and e
        )
    )
    assert cancelled, "the calendar copy was not cancelled"
    assert _invitation(calendar, title) is None

    mail = _client(platform["email"])
    subjects = _eventually(
        lambda: [
            m["subject"]
            for m in expect(mail.get("/api/messages", params={"q": "Moreau"}), 200)["items"]
            if m["subject"].startswith("Appointment cancelled")
        ]
    )
    assert subjects, "no cancellation mail in the inbox"
    assert expect(health.admin("GET", "/admin/undelivered"), 200) == []


def test_the_calendar_route_takes_the_delivery_credential_only(
    platform: dict[str, ServiceProcess],
) -> None:
    calendar = ApiClient(platform["calendar"].url, platform["calendar"].admin_token)
    body = {
        "uid": "x-1@test",
        "organizer": "clinic@example.com",
        "attendees": ["alice@example.test"],
        "title": "T",
        "start": "2026-03-09T15:00:00Z",
        "end": "2026-03-09T15:30:00Z",
    }
    expect_error(calendar.post("/admin/invitations", json=body), 401)
    headers = {"X-Delivery-Token": delivery_token()}
    answer = expect(calendar.post("/admin/invitations", json=body, headers=headers), 200)
    assert answer["undeliverable"] == [] and len(answer["event_ids"]) == 1
    nobody = {**body, "attendees": ["stranger@elsewhere.example"]}
    error = expect_error(calendar.post("/admin/invitations", json=nobody, headers=headers), 422)
    assert "none of stranger@elsewhere.example has an account here" in error["message"]
    backwards = {**body, "end": "2026-03-09T14:00:00Z"}
    expect_error(calendar.post("/admin/invitations", json=backwards, headers=headers), 422)


def test_an_unreachable_calendar_keeps_the_booking_and_records_the_invitation(
    tmp_path: Path,
) -> None:
    nowhere = f"http://127.0.0.1:{free_port()}"
    wiring = {"email_url": nowhere, "services": {"calendar": nowhere}}
    process = _start(tmp_path, "health", {**default_seed(), "notifications": wiring})
    try:
        health = _client(process)
        gp = expect(health.get("/api/providers", params={"q": "patel"}), 200)["items"][0]
        expect(
            health.post(
                "/api/appointments",
                json={"provider_id": gp["id"], "reason": "Flu", "start": "2026-03-04T15:00:00Z"},
            ),
            201,
        )
        _eventually(lambda: len(expect(health.admin("GET", "/admin/undelivered"), 200)) == 2, 15)
        lost = expect(health.admin("GET", "/admin/undelivered"), 200)
        assert {item["email_url"] for item in lost} == {
            f"{nowhere}/admin/invitations",
            f"{nowhere}/admin/deliver",
        }
    finally:
        process.stop()
