"""The cross-service effects: a page's watchers are mailed its new versions and comments through
the wired email service, and a review goes on its attendees' calendars through the calendar
service (both a stand-in inbox on a port; the service runs in process)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from mock_services.registry import get_spec
from tests.helpers import ApiClient, expect, fake_inbox
from tests.service_fixtures import serve

pytestmark = pytest.mark.process  # the stand-in inbox listens on a port
Inbox = tuple[ApiClient, list[dict[str, Any]]]


@pytest.fixture(scope="module")
def wired(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Inbox]:
    with fake_inbox() as (url, received):
        wiring = {"email_url": url, "services": {"calendar": url}}
        seed = {**get_spec("kb").default_seed(), "notifications": wiring}
        with serve("kb", tmp_path_factory.mktemp("kb-mail"), seed) as served:
            yield served.client(), received


@pytest.fixture
def inbox(wired: Inbox) -> Inbox:
    client, received = wired
    expect(client.admin("POST", "/admin/reset"), 200)
    received.clear()
    return client, received


def test_a_new_version_is_mailed_to_the_other_watchers(inbox: Inbox) -> None:
    service, received = inbox
    frank = service.as_user("frank", "frank-pass")
    change = {"body": "Freeze: Friday 12:00 to Monday 09:00 UTC.", "message": "Earlier freeze"}
    expect(frank.patch("/api/pages/4", json=change), 200)
    assert [(m["to"], m["subject"]) for m in received] == [
        (
            ["alice@example.test", "ivan@example.test"],  # frank, who saved it, is not mailed
            "[ENG] Deploy process: version 5 by Frank Müller",
        )
    ]
    mail = received[0]
    assert mail["path"] == "/admin/deliver" and mail["sender"] == "wiki@example.test"
    assert mail["body"].startswith('Frank Müller changed the page "Deploy process" in Engineering')
    assert "Change: Earlier freeze" in mail["body"]
    assert "+Freeze: Friday 12:00 to Monday 09:00 UTC." in mail["body"]


def test_comments_are_mailed_and_unwatching_stops_the_mail(inbox: Inbox) -> None:
    service, received = inbox
    ivan = service.as_user("ivan", "ivan-pass")
    alice = service.as_user("alice", "alice-pass")
    expect(alice.delete("/api/pages/4/watch"), 200)
    expect(ivan.post("/api/pages/4/comments", json={"body": "And staging?"}), 201)
    assert [(m["to"], m["subject"]) for m in received] == [
        (["frank@example.test"], "[ENG] Deploy process: a comment by Ivan Petrov")
    ]
    assert "Ivan Petrov wrote:\n\nAnd staging?" in received[0]["body"]


def test_a_draft_mails_nobody_until_published(inbox: Inbox) -> None:
    service, received = inbox
    frank = service.as_user("frank", "frank-pass")
    alice = service.as_user("alice", "alice-pass")
    expect(alice.put("/api/pages/12/watch"), 200)  # ENG's admin sees the draft
    expect(frank.patch("/api/pages/12", json={"body": "v2 in the path."}), 200)
    assert received == []
    expect(frank.post("/api/pages/12/publish", json={"message": "Ready for review"}), 200)
    assert [(m["to"], m["subject"]) for m in received] == [
        (["alice@example.test"], "[ENG] API versioning RFC: version 1 by Frank Müller")
    ]
    assert "Change: Ready for review\n\nPublished." in received[0]["body"]


def test_a_review_is_put_on_the_attendees_calendars(inbox: Inbox) -> None:
    service, received = inbox
    carol = service.as_user("carol", "carol-pass")
    body = {"start": "2026-03-04T15:00:00Z", "attendees": ["judy", "alice"], "note": "Still true?"}
    review = expect(carol.post("/api/pages/20/reviews", json=body), 201)
    assert [m["path"] for m in received] == ["/admin/invitations"]
    invitation = {k: v for k, v in received[0].items() if k not in ("path", "headers")}
    assert invitation == {
        "uid": f"review-{review['id']}@kb",
        "method": "request",
        "organizer": "carol@example.test",
        "organizer_name": "Carol Diaz",
        "attendees": ["alice@example.test", "carol@example.test", "judy@example.test"],
        "title": "Review: Travel and expense policy",
        "description": "Still true?\n\nPage 20 in HR Policies: /pages/20",
        "location": "",
        "start": "2026-03-04T15:00:00Z",
        "end": "2026-03-04T15:30:00Z",
        "timezone": "UTC",
    }
