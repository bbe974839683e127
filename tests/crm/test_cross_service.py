"""Over real HTTP with the real calendar and email services: a meeting logged in the CRM is on
its owner's calendar and its deletion cancels it there; a sent mail reaches the owner's inbox
(the copy; the contact is outside the task's mail domain)."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from mock_services.core.serve.process import ServiceProcess, free_port
from mock_services.registry import get_spec
from tests.conftest import seed_dir
from tests.helpers import ApiClient, expect

pytestmark = pytest.mark.process  # three real servers delivering to each other


@pytest.fixture(scope="module")
def platform(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, ApiClient]]:
    data_dir: Path = tmp_path_factory.mktemp("crm-platform")
    ports = {name: free_port() for name in ("email", "calendar", "crm")}
    url = {name: f"http://127.0.0.1:{port}" for name, port in ports.items()}
    wiring = {"email_url": url["email"], "services": {"calendar": url["calendar"]}}
    seed_dir(data_dir, "email")
    seed_dir(data_dir, "calendar")
    seed_dir(data_dir, "crm", {**get_spec("crm").default_seed(), "notifications": wiring})
    processes = {name: ServiceProcess(name, port, data_dir) for name, port in ports.items()}
    for process in processes.values():
        process.start()
    yield {
        name: ApiClient(p.url, p.admin_token).login("alice", "alice-pass")
        for name, p in processes.items()
    }
    for process in processes.values():
        process.stop()


def _eventually(read: Callable[[], Any], timeout: float = 10) -> Any:
    """``read()`` once it is truthy (delivery runs after the commit), else its last value."""
    deadline = time.monotonic() + timeout
    while not (value := read()) and time.monotonic() < deadline:
        time.sleep(0.1)
    return value


def test_a_meeting_lands_on_the_calendar_and_a_sent_mail_in_the_inbox(
    platform: dict[str, ApiClient],
) -> None:
    crm, calendar, email = platform["crm"], platform["calendar"], platform["email"]
    body = {
        "kind": "meeting",
        "subject": "Acme QBR",
        "contact_id": 1,
        "occurred_at": "2026-03-05T15:00:00Z",
        "duration_minutes": 45,
    }
    meeting = expect(crm.post("/api/activities", json=body), 201)
    window = {"start": "2026-03-05T00:00:00Z", "end": "2026-03-06T00:00:00Z", "q": "Acme QBR"}

    def events() -> list[dict[str, Any]]:
        return expect(calendar.get("/api/events", params=window), 200)["items"]

    [event] = _eventually(events)
    assert (event["title"], event["start"][:16]) == ("Acme QBR", "2026-03-05T15:00")
    assert crm.delete(f"/api/activities/{meeting['id']}").status_code == 204
    with_cancelled = {**window, "include_cancelled": "true"}

    def cancelled() -> list[dict[str, Any]]:
        found = expect(calendar.get("/api/events", params=with_cancelled), 200)["items"]
        return [e["title"] for e in found if e["status"] == "cancelled"]

    assert _eventually(cancelled) == ["Acme QBR"]

    mail = {"kind": "email", "subject": "Acme order form", "body": "Hi", "contact_id": 2}
    mail["send"] = True
    expect(crm.post("/api/activities", json=mail), 201)
    inbox = {"folder": "inbox", "q": "Acme order form"}
    found = _eventually(lambda: expect(email.get("/api/messages", params=inbox), 200)["items"])
    assert [m["subject"] for m in found] == ["Acme order form"]
