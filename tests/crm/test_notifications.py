"""A meeting logged in the CRM goes on its owner's calendar (the calendar's delivery route),
deleting it cancels it there, and a logged mail with ``send`` goes through the email
service's delivery (a stand-in for both here)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from mock_services.crm.service import default_seed
from tests.conftest import running_service
from tests.helpers import ApiClient, expect, fake_inbox

pytestmark = pytest.mark.process  # a real server delivers to a stand-in on a port


@pytest.fixture(scope="module")
def wired(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[ApiClient, list]]:
    with fake_inbox() as (url, received):
        wiring = {"email_url": url, "services": {"calendar": url}}
        seed = {**default_seed(), "notifications": wiring}
        with running_service("crm", tmp_path_factory.mktemp("crm-wired"), seed) as process:
            yield ApiClient(process.url, process.admin_token), received


@pytest.fixture
def delivered(wired: tuple[ApiClient, list]) -> tuple[ApiClient, list]:
    client, received = wired
    expect(client.admin("POST", "/admin/reset"), 200)
    received.clear()
    return client, received


def test_a_meeting_goes_on_the_owners_calendar_and_off_again(
    delivered: tuple[ApiClient, list],
) -> None:
    service, received = delivered
    alice = service.as_user("alice", "alice-pass")
    body = {"kind": "meeting", "subject": "Acme QBR", "contact_id": 1,
            "occurred_at": "2026-03-05T15:00:00Z", "duration_minutes": 45}  # fmt: skip
    meeting = expect(alice.post("/api/activities", json=body), 201)
    [invitation] = received
    assert invitation["path"] == "/admin/invitations"
    assert (invitation["method"], invitation["uid"]) == ("request", f"activity-{meeting['id']}@crm")
    assert invitation["attendees"] == ["alice@example.test", "jane.doe@acme.com"]
    assert (invitation["start"], invitation["end"]) == (
        "2026-03-05T15:00:00Z",
        "2026-03-05T15:45:00Z",
    )
    assert (invitation["title"], invitation["location"]) == ("Acme QBR", "Boston, MA")
    assert alice.delete(f"/api/activities/{meeting['id']}").status_code == 204
    assert received[1]["method"] == "cancel" and received[1]["uid"] == invitation["uid"]


def test_a_logged_mail_is_sent_only_when_asked(delivered: tuple[ApiClient, list]) -> None:
    service, received = delivered
    alice = service.as_user("alice", "alice-pass")
    note = {"kind": "email", "subject": "Order form", "body": "Attached.", "contact_id": 2}
    expect(alice.post("/api/activities", json=note), 201)
    assert received == []  # logged, not sent
    sent = expect(alice.post("/api/activities", json={**note, "send": True}), 201)
    assert sent["mailed"] is True
    [mail] = received
    assert mail["path"] == "/admin/deliver"
    assert (mail["sender"], mail["to"], mail["subject"], mail["body"]) == (
        "alice@example.test",
        ["raj.patel@acme.com", "alice@example.test"],
        "Order form",
        "Attached.",
    )
