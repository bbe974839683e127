"""Public replies are mailed to the requester through the wired email service (a stand-in
inbox here); internal notes are not."""

from __future__ import annotations

import pytest

from tests.helpers import ApiClient, expect
from tests.service_fixtures import mail_fixtures

pytestmark = pytest.mark.process  # a real server mails a stand-in inbox on a port


globals().update(mail_fixtures("helpdesk"))


def test_a_public_reply_is_mailed_to_the_requester(inbox: tuple[ApiClient, list]) -> None:
    service, received = inbox
    alice = service.as_user("alice", "alice-pass")
    reply = "Please restart FortiClient after installing version 7.4.2."
    expect(alice.post("/api/tickets/TK-1006/comments", json={"body": reply}), 201)
    assert [(m["to"], m["subject"]) for m in received] == [
        (["sam.lee@initech.example"], "[TK-1006] Re: VPN disconnects every 20 minutes")
    ]
    mail = received[0]
    assert mail["path"] == "/admin/deliver" and mail["sender"] == "support@example.test"
    assert mail["body"].startswith(reply) and "Ticket TK-1006" in mail["body"]
    assert "Alice Martin" in mail["body"]


def test_notes_are_not_mailed_but_solves_and_macro_replies_are(
    inbox: tuple[ApiClient, list],
) -> None:
    service, received = inbox
    alice = service.as_user("alice", "alice-pass")
    note = {"body": "Checking the gateway logs.", "public": False}
    expect(alice.post("/api/tickets/TK-1006/comments", json=note), 201)
    expect(alice.post("/api/tickets/TK-1020/macro", json={"macro_id": 3}), 200)  # a note
    assert received == []
    expect(alice.post("/api/tickets/TK-1012/macro", json={"macro_id": 5}), 200)
    expect(alice.post("/api/tickets/TK-1011/solve", json={"resolution": "Installed."}), 200)
    assert [(m["to"], m["subject"]) for m in received] == [
        (["zoe.adams@mail.example"], "[TK-1012] Re: Password reset link expired"),
        (["priya.natarajan@globex.example"], "[TK-1011] Re: Request: Python 3.11 on my laptop"),
    ]
    assert received[0]["body"].startswith("Hi Zoe Adams,\n\nYou can reset your password")
