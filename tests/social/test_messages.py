"""Direct messages, their rules and mails; notifications and marking them read."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.helpers import ApiClient, expect
from tests.service_fixtures import mail_fixtures


def test_conversations_list_and_read(alice: ApiClient, login: Callable) -> None:
    listing = expect(alice.get("/api/conversations"), 200)["items"]
    assert [(c["with_user"]["username"], c["unread"]) for c in listing] == [
        ("carol", 1),
        ("bob", 1),
        ("erin", 0),
        ("mallory", 1),
    ]
    thread = expect(alice.get("/api/conversations/bob"), 200)
    assert [m["sender"] for m in thread["items"]] == ["bob", "alice", "bob"]  # newest first
    assert expect(alice.post("/api/conversations/bob/read"), 200) == {"marked": 1}
    assert expect(alice.post("/api/conversations/bob/read"), 200) == {"marked": 0}
    sent = expect(alice.post("/api/conversations/dave/messages", json={"text": " Ride? "}), 201)
    assert (sent["sender"], sent["recipient"], sent["text"]) == ("alice", "dave", "Ride?")
    dave = login("dave")
    assert expect(dave.get("/api/conversations"), 200)["items"][0]["with_user"]["username"] == (
        "alice"
    )


def test_message_rules(alice: ApiClient, login: Callable) -> None:
    refused = expect(alice.post("/api/conversations/ivan/messages", json={"text": "hi"}), 403)
    assert refused["error"]["message"] == "@ivan accepts messages only from people they follow"
    frank = login("frank")  # ivan follows frank
    expect(frank.post("/api/conversations/ivan/messages", json={"text": "thanks"}), 201)
    assert (
        "yourself"
        in expect(alice.post("/api/conversations/alice/messages", json={"text": "me"}), 422)[
            "error"
        ]["message"]
    )
    assert (
        "unblock them first"
        in expect(alice.post("/api/conversations/mallory/messages", json={"text": "stop"}), 409)[
            "error"
        ]["message"]
    )
    expect(alice.post("/api/conversations/bob/messages", json={"text": ""}), 422)
    expect(alice.post("/api/conversations/nobody/messages", json={"text": "x"}), 404)


def test_notifications_filter_and_mark_read(alice: ApiClient, login: Callable) -> None:
    unread = expect(alice.get("/api/notifications", params={"unread": "true"}), 200)
    assert unread["total"] > 0 and not any(n["read"] for n in unread["items"])
    assert "mallory" not in [n["actor"]["username"] for n in unread["items"]]  # blocked
    first = unread["items"][0]["id"]
    assert expect(alice.post("/api/notifications/read", json={"ids": [first]}), 200) == {
        "marked": 1
    }
    bobs = expect(login("bob").get("/api/notifications"), 200)["items"][0]["id"]
    missing = expect(alice.post("/api/notifications/read", json={"ids": [bobs]}), 404)
    assert missing["error"]["message"].startswith(f"no notification {bobs} of yours")
    marked = expect(alice.post("/api/notifications/read", json={}), 200)["marked"]
    assert marked == unread["total"] - 1
    assert expect(alice.get("/api/notifications", params={"unread": "true"}), 200)["total"] == 0


def test_no_notification_for_own_actions(alice: ApiClient) -> None:
    before = expect(alice.get("/api/notifications"), 200)["total"]
    mine = expect(alice.post("/api/posts", json={"text": "self @alice"}), 201)
    expect(alice.post(f"/api/posts/{mine['id']}/like"), 201)
    expect(alice.post("/api/posts", json={"text": "me again", "reply_to_id": mine["id"]}), 201)
    assert expect(alice.get("/api/notifications"), 200)["total"] == before


globals().update(mail_fixtures("social"))


@pytest.mark.process  # a real server mails a stand-in inbox on a port
def test_a_direct_message_mails_the_recipient(inbox: tuple[ApiClient, list]) -> None:
    service, received = inbox
    alice = service.as_user("alice", "alice-pass")
    expect(alice.post("/api/conversations/bob/messages", json={"text": "See you at 9"}), 201)
    expect(alice.post("/api/posts", json={"text": "no mail for posts"}), 201)
    assert [(m["to"], m["subject"]) for m in received] == [
        (["bob@example.test"], "New message from Alice Martin (@alice)")
    ]
    assert "See you at 9" in received[0]["body"] and received[0]["labels"] == ["social"]
