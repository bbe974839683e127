"""Sending, replying, forwarding and drafts over real HTTP."""

from __future__ import annotations

import base64
import sqlite3

from tests.helpers import expect, expect_error


def _inbox_subjects(mail, who: str) -> list[str]:
    return [m["subject"] for m in mail.find(who, folder="inbox")]


def test_send_delivers_local_copies_and_keeps_external_in_sent(mail) -> None:
    alice = mail.user("alice")
    sent = expect(
        alice.post(
            "/api/messages/send",
            json={
                "to": ["Bob Chen <BOB@example.test>", "partner@outside.example"],
                "cc": ["carol@example.test"],
                "bcc": ["dave@example.test"],
                "subject": "Budget 2026",
                "body": "Numbers attached.",
                "append_signature": True,
            },
        ),
        201,
    )
    message = sent
    assert message["folder"] == "sent" and message["read"] is True
    assert message["to"] == ["bob@example.test", "partner@outside.example"]
    assert message["bcc"] == ["dave@example.test"]
    assert message["body"].startswith("Numbers attached.\n\n-- \nAlice Martin")
    assert sent["delivered_to"] == ["bob@example.test", "carol@example.test", "dave@example.test"]
    assert sent["external"] == ["partner@outside.example"]
    for who in ("bob", "carol", "dave"):
        copies = mail.find(who, folder="inbox", q="Budget 2026")
        assert len(copies) == 1, who
        copy = expect(mail.user(who).get(f"/api/messages/{copies[0]['id']}"), 200)
        assert copy["bcc"] == [], f"{who} must not see the bcc list"
        assert copy["read"] is False
        assert copy["from_address"] == "alice@example.test"
        assert copy["thread_id"] == message["thread_id"]
        assert copy["message_id"] == message["message_id"]


def test_send_validation_names_the_field(mail) -> None:
    alice = mail.user("alice")
    error = expect_error(
        alice.post("/api/messages/send", json={"to": ["bob@example.test"], "cc": ["x", "bad@"]}),
        422,
    )
    assert "cc[0]" in error["message"] and "not a valid email address" in error["message"]
    error = expect_error(alice.post("/api/messages/send", json={"subject": "hi"}), 422)
    assert "at least one recipient" in error["message"]
    error = expect_error(
        alice.post(
            "/api/messages/send",
            json={
                "to": ["bob@example.test"],
                "attachments": [{"filename": "a.bin", "content_base64": "***"}],
            },
        ),
        422,
    )
    assert "attachments[0].content_base64" in error["message"]
    error = expect_error(alice.post("/api/messages/send", json={"to": "bob", "extra": 1}), 422)
    assert "unknown body field 'extra' (known: to, cc" in error["message"]
    assert "Budget" not in str(mail.find("bob", folder="inbox"))


def test_attachment_roundtrip_and_download(mail) -> None:
    alice = mail.user("alice")
    raw = bytes(range(256))
    sent = expect(
        alice.post(
            "/api/messages/send",
            json={
                "to": ["bob@example.test"],
                "subject": "Binary",
                "attachments": [
                    {
                        "filename": "data.bin",
                        "content_type": "application/octet-stream",
                        "content_base64": base64.b64encode(raw).decode(),
                    }
                ],
            },
        ),
        201,
    )
    assert sent["has_attachments"] is True
    copy = mail.find("bob", folder="inbox", has_attachment=True, q="Binary")[0]
    bob = mail.user("bob")
    detail = expect(bob.get(f"/api/messages/{copy['id']}"), 200)
    att = detail["attachments"][0]
    assert att["filename"] == "data.bin" and att["size"] == 256
    download = bob.get(f"/api/messages/{copy['id']}/attachments/{att['id']}/download")
    assert download.status_code == 200
    assert download.content == raw
    assert download.headers["Content-Type"] == "application/octet-stream"
    assert 'filename="data.bin"' in download.headers["Content-Disposition"]
    content = expect(bob.get(f"/api/messages/{copy['id']}/attachments/{att['id']}"), 200)
    assert base64.b64decode(content["content_base64"]) == raw
    expect_error(bob.get(f"/api/messages/{copy['id']}/attachments/999999/download"), 404)
    # alice cannot read bob's copy's attachment
    expect_error(
        mail.user("alice").get(f"/api/messages/{copy['id']}/attachments/{att['id']}/download"),
        403,
    )


def test_reply_keeps_thread_and_prefix(mail) -> None:
    alice = mail.user("alice")
    lunch = mail.find("alice", folder="inbox", q="Lunch next week")[0]
    sent = expect(
        alice.post(
            f"/api/messages/{lunch['id']}/reply",
            json={"body": "Tuesday please.", "quote": True},
        ),
        201,
    )
    assert sent["subject"] == "Re: Lunch next week?"
    assert sent["to"] == ["dave@example.test"] and sent["cc"] == []
    assert sent["thread_id"] == lunch["thread_id"] == "lunch"
    assert sent["in_reply_to"] == "<lunch-1@example.test>"
    assert sent["references"] == ["<lunch-1@example.test>"]
    assert "Tuesday please." in sent["body"] and "> Hey Alice" in sent["body"]
    # the reply of a reply is not "Re: Re:"
    dave_copy = mail.find("dave", folder="inbox", q="Tuesday please")[0]
    again = expect(
        mail.user("dave").post(f"/api/messages/{dave_copy['id']}/reply", json={"body": "ok"}), 201
    )
    assert again["subject"] == "Re: Lunch next week?"
    assert again["references"] == ["<lunch-1@example.test>", sent["message_id"]]
    thread = expect(alice.get("/api/threads/lunch"), 200)
    assert [m["folder"] for m in thread["messages"]] == ["inbox", "drafts", "sent", "inbox"]


def test_reply_all_excludes_self(mail) -> None:
    alice = mail.user("alice")
    offsite = mail.find("alice", folder="inbox", q="Lunch is catered")[0]
    sent = expect(
        alice.post(f"/api/messages/{offsite['id']}/reply-all", json={"body": "See you"}), 201
    )
    assert sent["to"] == ["bob@example.test"]
    assert sent["cc"] == ["carol@example.test"]
    assert "alice@example.test" not in sent["to"] + sent["cc"]
    assert sorted(sent["delivered_to"]) == ["bob@example.test", "carol@example.test"]
    hr = mail.find("alice", folder="inbox", q="Office closed")[0]
    sent = expect(alice.post(f"/api/messages/{hr['id']}/reply-all", json={"body": "ok"}), 201)
    assert sent["to"] == [
        "hr@examplecorp.example",
        "bob@example.test",
        "carol@example.test",
        "dave@example.test",
    ]
    assert sent["external"] == ["hr@examplecorp.example"]


def test_forward_carries_attachments(mail) -> None:
    alice = mail.user("alice")
    invoice = mail.find("alice", q="INV-4821", has_attachment=True)[0]
    sent = expect(
        alice.post(
            f"/api/messages/{invoice['id']}/forward",
            json={"to": ["bob@example.test"], "body": "FYI, please pay."},
        ),
        201,
    )
    assert sent["subject"] == "Fwd: Invoice INV-4821 for February"
    assert sent["body"].startswith("FYI, please pay.")
    assert "---------- Forwarded message ---------" in sent["body"]
    assert "From: Northwind Billing <billing@northwind.example>" in sent["body"]
    assert [a["filename"] for a in sent["attachments"]] == ["INV-4821.pdf"]
    assert sent["thread_id"] == invoice["thread_id"]
    bob_copy = mail.find("bob", folder="inbox", q="Fwd: Invoice")[0]
    assert bob_copy["has_attachments"] is True
    error = expect_error(alice.post(f"/api/messages/{invoice['id']}/forward", json={"to": []}), 422)
    assert "recipient" in error["message"]


def test_drafts_create_update_send_delete(mail) -> None:
    alice = mail.user("alice")
    draft = expect(alice.post("/api/drafts", json={"subject": "Plan", "body": "v1"}), 201)
    assert draft["folder"] == "drafts" and draft["is_draft"] is True
    error = expect_error(alice.post(f"/api/drafts/{draft['id']}/send"), 422)
    assert "no recipient" in error["message"]
    error = expect_error(alice.patch(f"/api/drafts/{draft['id']}", json={"to": ["nope"]}), 422)
    assert "to[0]" in error["message"]
    updated = expect(
        alice.patch(
            f"/api/drafts/{draft['id']}", json={"to": ["carol@example.test"], "body": "v2"}
        ),
        200,
    )
    assert updated["to"] == ["carol@example.test"] and updated["body"] == "v2"
    assert updated["subject"] == "Plan"
    sent = expect(alice.post(f"/api/drafts/{draft['id']}/send"), 201)
    assert sent["id"] == draft["id"] and sent["folder"] == "sent"
    assert sent["delivered_to"] == ["carol@example.test"]
    assert [m["subject"] for m in mail.find("carol", folder="inbox", q="v2")] == ["Plan"]
    # a sent message is no draft any more
    error = expect_error(alice.patch(f"/api/drafts/{draft['id']}", json={"body": "x"}), 409)
    assert "not a draft" in error["message"]
    expect_error(alice.post(f"/api/drafts/{draft['id']}/send"), 409)
    # discard another draft for good
    other = mail.find("alice", folder="drafts", q="newsletter")[0]
    expect(alice.delete(f"/api/drafts/{other['id']}"), 204)
    expect_error(alice.get(f"/api/messages/{other['id']}"), 404)


def test_reply_draft_keeps_thread_and_sends(mail) -> None:
    alice = mail.user("alice")
    lunch = mail.find("alice", folder="inbox", q="Lunch next week")[0]
    draft = expect(
        alice.post(
            "/api/drafts",
            json={"to": ["dave@example.test"], "body": "Tue!", "reply_to_message_id": lunch["id"]},
        ),
        201,
    )
    assert draft["subject"] == "Re: Lunch next week?" and draft["thread_id"] == "lunch"
    assert draft["in_reply_to"] == "<lunch-1@example.test>"
    expect(alice.post(f"/api/drafts/{draft['id']}/send"), 201)
    dave_copy = mail.find("dave", folder="inbox", q="Tue!")[0]
    assert dave_copy["thread_id"] == "lunch"


def test_reply_to_own_sent_mail_goes_to_its_recipients(mail) -> None:
    alice = mail.user("alice")
    lease = mail.find("alice", folder="sent", q="Lease renewal")[0]
    sent = expect(alice.post(f"/api/messages/{lease['id']}/reply", json={"body": "Any news?"}), 201)
    assert sent["to"] == ["landlord@greenleaf-rentals.example"]
    assert sent["thread_id"] == "lease"
    assert sent["delivered_to"] == [] and sent["external"] == ["landlord@greenleaf-rentals.example"]
    draft = mail.find("alice", folder="drafts", q="12:30")[0]
    error = expect_error(alice.post(f"/api/messages/{draft['id']}/reply", json={"body": "x"}), 409)
    assert "is a draft" in error["message"]


def test_reply_and_reply_all_take_cc_and_bcc(mail) -> None:
    alice = mail.user("alice")
    lunch = mail.find("alice", folder="inbox", q="Lunch next week")[0]
    sent = expect(
        alice.post(
            f"/api/messages/{lunch['id']}/reply",
            json={
                "body": "Adding Carol.",
                "cc": ["Carol <CAROL@example.test>"],
                "bcc": ["bob@example.test"],
            },
        ),
        201,
    )
    message = sent
    assert message["to"] == ["dave@example.test"] and message["cc"] == ["carol@example.test"]
    assert message["bcc"] == ["bob@example.test"]
    assert message["thread_id"] == "lunch"
    assert sorted(sent["delivered_to"]) == [
        "bob@example.test",
        "carol@example.test",
        "dave@example.test",
    ]
    for who in ("bob", "carol", "dave"):
        copy = mail.find(who, folder="inbox", q="Adding Carol")[0]
        detail = expect(mail.user(who).get(f"/api/messages/{copy['id']}"), 200)
        assert detail["bcc"] == [], f"{who} must not see the bcc list"
        assert detail["cc"] == ["carol@example.test"]
    db = sqlite3.connect(mail.data_dir / "email.db")
    rows = db.execute(
        "SELECT u.username, m.cc_addresses, m.bcc_addresses FROM messages m"
        " JOIN users u ON u.id = m.owner_id WHERE m.body LIKE 'Adding Carol.%' ORDER BY u.username"
    ).fetchall()
    db.close()
    assert rows == [
        ("alice", '["carol@example.test"]', '["bob@example.test"]'),
        ("bob", '["carol@example.test"]', "[]"),
        ("carol", '["carol@example.test"]', "[]"),
        ("dave", '["carol@example.test"]', "[]"),
    ]
    # reply-all: an extra cc already among the recipients is not repeated
    offsite = mail.find("alice", folder="inbox", q="Lunch is catered")[0]
    message = expect(
        alice.post(
            f"/api/messages/{offsite['id']}/reply-all",
            json={
                "body": "ok",
                "cc": ["bob@example.test", "dave@example.test"],
                "bcc": ["x@out.example"],
            },
        ),
        201,
    )
    assert message["to"] == ["bob@example.test"]
    assert message["cc"] == ["carol@example.test", "dave@example.test"]
    assert message["bcc"] == ["x@out.example"]


def test_reply_and_forward_validate_cc_and_bcc_like_send(mail) -> None:
    alice = mail.user("alice")
    lunch = mail.find("alice", folder="inbox", q="Lunch next week")[0]
    before = len(mail.find("alice", folder="sent"))
    for route, body in (
        ("reply", {"body": "x", "cc": ["carol@example.test", "bad@"]}),
        ("reply-all", {"body": "x", "bcc": ["nope"]}),
        ("forward", {"to": ["bob@example.test"], "bcc": ["ok@out.example", "a b@c.d"]}),
    ):
        error = expect_error(alice.post(f"/api/messages/{lunch['id']}/{route}", json=body), 422)
        field = "cc[1]" if route == "reply" else "bcc[0]" if route == "reply-all" else "bcc[1]"
        assert f"{field}:" in error["message"] and "not a valid email address" in error["message"]
    assert len(mail.find("alice", folder="sent")) == before
    forwarded = expect(
        alice.post(
            f"/api/messages/{lunch['id']}/forward",
            json={
                "to": ["bob@example.test"],
                "cc": ["carol@example.test"],
                "bcc": ["dave@example.test"],
            },
        ),
        201,
    )
    assert forwarded["bcc"] == ["dave@example.test"]
    dave_copy = mail.find("dave", folder="inbox", q="Fwd: Lunch")[0]
    assert expect(mail.user("dave").get(f"/api/messages/{dave_copy['id']}"), 200)["bcc"] == []


def test_every_operation_on_one_message_answers_with_the_message(mail) -> None:
    """Send, reply, forward and move answer alike: the message's own fields at the top (the
    sending ones add where it went), never wrapped in ``{"message": ...}``."""
    alice = mail.user("alice")
    sent = expect(alice.post("/api/messages/send", json={"to": ["bob@example.test"]}), 201)
    original = mail.find("alice", folder="inbox")[0]["id"]
    reply = expect(alice.post(f"/api/messages/{original}/reply", json={"body": "ok"}), 201)
    forward = expect(
        alice.post(f"/api/messages/{original}/forward", json={"to": ["bob@example.test"]}), 201
    )
    moved = expect(alice.post(f"/api/messages/{sent['id']}/move", json={"folder": "inbox"}), 200)
    detail = set(expect(alice.get(f"/api/messages/{sent['id']}"), 200))
    shapes = {
        "send": set(sent),
        "reply": set(reply),
        "forward": set(forward),
        "move": set(moved),
    }
    expected = {
        "send": detail | {"delivered_to", "external"},
        "reply": detail | {"delivered_to", "external"},
        "forward": detail | {"delivered_to", "external"},
        "move": detail,
    }
    assert shapes == expected, f"expected each answer's keys {expected}, got {shapes}"
