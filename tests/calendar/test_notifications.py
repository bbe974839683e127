"""Invitation, update, cancellation and RSVP mails go to the wired email service."""

from __future__ import annotations

import pytest

from tests.form_assertions import as_browser
from tests.helpers import ApiClient, expect
from tests.service_fixtures import mail_fixtures

pytestmark = pytest.mark.process  # a real server mails a stand-in inbox on a port


globals().update(mail_fixtures("calendar", sender="cal@corp.example"))


def _summary(received: list) -> list[tuple[list[str], str]]:
    return [(m["to"], m["subject"].split(":")[0]) for m in received]


def test_invitations_updates_and_cancellations_are_mailed(
    inbox: tuple[ApiClient, list],
) -> None:
    service, received = inbox
    alice = service.as_user("alice", "alice-pass")
    created = expect(
        alice.post(
            "/api/events",
            json={
                "title": "Partner sync",
                "start": "2026-03-10T10:00:00",
                "end": "2026-03-10T10:30:00",
                "timezone": "Europe/London",
                "attendees": [{"username": "bob"}, {"email": "maria@agency.example"}],
            },
        ),
        201,
    )
    assert _summary(received) == [
        (["bob@example.test"], "Invitation"),
        (["maria@agency.example"], "Invitation"),
    ]
    first = received[0]
    assert first["path"] == "/admin/deliver" and first["sender"] == "cal@corp.example"
    assert "Partner sync" in first["subject"] and "10:00 (Europe/London)" in first["subject"]
    assert f"/api/events/{created['id']}/rsvp" in first["body"]
    received.clear()
    expect(alice.patch(f"/api/events/{created['id']}", json={"location": "Room 1"}), 200)
    assert _summary(received) == [
        (["bob@example.test"], "Updated invitation"),
        (["maria@agency.example"], "Updated invitation"),
    ]
    assert "Where: Room 1" in received[0]["body"]
    received.clear()
    expect(alice.patch(f"/api/events/{created['id']}", json={"reminders": []}), 200)
    assert received == []  # nothing a guest would care about changed
    expect(alice.delete(f"/api/events/{created['id']}"), 200)
    assert _summary(received) == [
        (["bob@example.test"], "Cancelled"),
        (["maria@agency.example"], "Cancelled"),
    ]


def test_rsvp_replies_go_to_the_organizer(inbox: tuple[ApiClient, list]) -> None:
    service, received = inbox
    alice = service.as_user("alice", "alice-pass")
    expect(alice.post("/api/events/3/rsvp", json={"response": "accepted"}), 200)
    assert len(received) == 1
    assert received[0]["to"] == ["bob@example.test"]
    assert received[0]["subject"].startswith("Accepted: Sprint planning")
    assert "Alice Martin <alice@example.test> has accepted" in received[0]["body"]
    received.clear()
    expect(alice.delete("/api/events/4"), 200)  # a guest deleting declines
    assert [(m["to"], m["subject"].split(":")[0]) for m in received] == [
        (["carol@example.test"], "Declined")
    ]


def test_one_occurrence_changed_or_cancelled_is_mailed_to_guests(
    inbox: tuple[ApiClient, list],
) -> None:
    service, received = inbox
    alice = service.as_user("alice", "alice-pass")
    expect(alice.patch("/api/events/1/occurrences/2", json={"location": "Room 7"}), 200)
    guests = [["bob@example.test"], ["carol@example.test"], ["dave@example.test"]]
    assert _summary(received) == [(to, "Updated invitation") for to in guests]
    body = received[0]["body"]
    assert "Where: Room 7" in body and "Occurrence: 2" in body
    assert "(one occurrence of a repeating event)" in received[0]["subject"]
    assert "Wed 4 Mar 2026 09:30" in body
    received.clear()
    expect(alice.patch("/api/events/1/occurrences/2", json={"location": "Room 7"}), 200)
    assert received == []  # nothing changed
    expect(alice.delete("/api/events/1/occurrences/3"), 200)
    assert _summary(received) == [(to, "Cancelled") for to in guests]
    assert "Thu 5 Mar 2026 09:30" in received[0]["body"]


def test_with_notifications_the_pages_say_guests_are_mailed(
    inbox: tuple[ApiClient, list],
) -> None:
    service, _received = inbox
    browser = as_browser(service.as_user("alice", "alice-pass"))
    page = browser.get("/events/2", headers={"Accept": "text/html"}).text
    assert "Saving changes the whole series; guests are mailed the change" in page
    assert "for everyone? Its guests are mailed that it is cancelled." in page
    assert "get no mail" not in page
