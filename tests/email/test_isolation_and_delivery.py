"""Mailboxes are private; other services deliver through /admin/deliver; mutations are audited."""

from __future__ import annotations

from types import SimpleNamespace

from mock_services.core.base.keys import delivery_token
from mock_services.core.base.settings import Settings
from mock_services.core.seeding.seed import NotificationTarget
from mock_services.core.web.notify import MailDelivery, deliver_mail
from tests.helpers import expect, expect_error
from tests.service_fixtures import ON_REAL_SERVER, OVER_HTTP_TOO

DELIVERY = {"X-Delivery-Token": delivery_token()}


@OVER_HTTP_TOO
def test_one_user_cannot_see_or_change_another_mailbox(mail) -> None:
    alice, bob = mail.user("alice"), mail.user("bob")
    secret = mail.find("bob", folder="Hiring")[0]
    assert secret["subject"] == "Application: Senior Product Designer"
    mid = secret["id"]
    for response in (
        alice.get(f"/api/messages/{mid}"),
        alice.patch(f"/api/messages/{mid}", json={"read": False}),
        alice.post(f"/api/messages/{mid}/move", json={"folder": "inbox"}),
        alice.delete(f"/api/messages/{mid}"),
        alice.post(f"/api/messages/{mid}/reply", json={"body": "hi"}),
        alice.post(f"/api/messages/{mid}/forward", json={"to": ["alice@example.test"]}),
        alice.post(f"/api/messages/{mid}/labels", json={"name": "Finance"}),
    ):
        error = expect_error(response, 403)
        assert f"message {mid} belongs to another account" in error["message"]
    # searches never reach into another mailbox
    assert mail.find("alice", q="Senior Product Designer") == []
    expect_error(alice.get("/api/threads/hiring-design"), 404)
    hiring = next(f for f in expect(bob.get("/api/folders"), 200)["items"] if f["name"] == "Hiring")
    expect_error(alice.patch(f"/api/folders/{hiring['id']}", json={"name": "Mine"}), 403)
    expect_error(alice.delete(f"/api/folders/{hiring['id']}"), 403)
    bob_contact = expect(bob.get("/api/contacts"), 200)["items"][0]
    expect_error(alice.get(f"/api/contacts/{bob_contact['id']}"), 403)
    expect_error(alice.delete(f"/api/contacts/{bob_contact['id']}"), 403)
    # bob's data is untouched
    after = expect(bob.get(f"/api/messages/{mid}"), 200)
    assert after["folder"] == "Hiring" and after["read"] is True
    assert expect(bob.get(f"/api/contacts/{bob_contact['id']}"), 200) == bob_contact


@OVER_HTTP_TOO
def test_not_logged_in_is_401(mail) -> None:
    error = expect_error(mail.admin.get("/api/messages"), 401)
    assert "log in first" in error["message"]
    expect_error(mail.admin.get("/api/messages", headers={"Authorization": "Bearer junk"}), 401)


@OVER_HTTP_TOO
def test_deliver_over_http_with_the_delivery_credential(mail) -> None:
    body = {
        "sender": "orders@shop.example",
        "sender_name": "Example Shop",
        "to": ["alice@example.test", "ghost@example.test", "bob@example.test"],
        "subject": "Order ORD-000777 shipped",
        "body": "Your order is on its way.",
        "labels": ["Receipts", "Finance"],
    }
    error = expect_error(mail.admin.post("/admin/deliver", json=body), 401)
    assert "X-Delivery-Token" in error["message"]
    # Delivery is not admin: the admin token does not open it.
    expect_error(mail.admin.admin("POST", "/admin/deliver", json=body), 401)
    expect_error(
        mail.admin.post("/admin/deliver", json=body, headers={"X-Delivery-Token": "x"}), 401
    )
    answer = expect(mail.admin.post("/admin/deliver", json=body, headers=DELIVERY), 200)
    assert answer["delivered"] == ["alice@example.test", "bob@example.test"]
    assert answer["undeliverable"] == ["ghost@example.test"]
    assert len(answer["message_ids"]) == 2
    copy = mail.find("alice", folder="inbox", q="ORD-000777")[0]
    assert copy["id"] in answer["message_ids"]
    assert copy["from_name"] == "Example Shop" and copy["read"] is False
    assert copy["labels"] == ["Finance", "Receipts"]  # Receipts label created for alice
    assert copy["to"] == ["alice@example.test", "ghost@example.test", "bob@example.test"]
    assert mail.find("bob", folder="inbox", q="ORD-000777")[0]["labels"] == ["Finance", "Receipts"]
    nobody = {**body, "to": ["ghost@example.test"]}
    error = expect_error(mail.admin.post("/admin/deliver", json=nobody, headers=DELIVERY), 422)
    assert "ghost@example.test" in error["message"] and "nothing was delivered" in error["message"]
    error = expect_error(
        mail.admin.post("/admin/deliver", json={**body, "to": []}, headers=DELIVERY), 422
    )
    assert "to" in error["message"]


@ON_REAL_SERVER  # the core's client posts to the service's URL
def test_core_deliver_mail_reaches_the_inbox(mail) -> None:
    """The core's notification client (what shop/airline/calendar use) works end to end."""
    runtime = SimpleNamespace(
        notifications=NotificationTarget(email_url=mail.process.url),
        settings=Settings(data_dir=mail.data_dir),
    )
    ok = deliver_mail(
        runtime,
        MailDelivery(
            sender="noreply@airline.example",
            to=["dave@example.test"],
            subject="Flight XY123 rescheduled",
            body="Your flight now departs at 14:05.",
        ),
    )
    assert ok is True
    copy = mail.find("dave", folder="inbox", q="XY123")[0]
    assert copy["from_address"] == "noreply@airline.example"


def test_audit_log_records_rows_changed(mail) -> None:
    alice = mail.user("alice")
    since = mail.admin.audit()[-1]["id"] if mail.admin.audit() else 0
    lunch = mail.find("alice", folder="inbox", q="Lunch next week")[0]
    expect(alice.post(f"/api/messages/{lunch['id']}/labels", json={"name": "Urgent"}), 200)
    sent = expect(
        alice.post("/api/messages/send", json={"to": ["dave@example.test"], "subject": "Audit me"}),
        201,
    )
    entries = mail.admin.audit(since)
    label_entry = next(e for e in entries if e["path"].endswith("/labels"))
    assert label_entry["username"] == "alice" and label_entry["status"] == 200
    assert [(c["table"], c["action"]) for c in label_entry["changes"]] == [
        ("message_labels", "insert")
    ]
    send_entry = next(e for e in entries if e["path"] == "/api/messages/send")
    inserted = [(c["table"], c["after"]["folder_id"]) for c in send_entry["changes"]]
    assert [t for t, _ in inserted] == ["messages", "messages"]
    sent_row = next(c for c in send_entry["changes"] if c["row_id"] == str(sent["id"]))
    assert sent_row["after"]["subject"] == "Audit me"
    assert sent_row["after"]["owner_id"] == 1
    # a refused call is logged too
    expect_error(alice.delete(f"/api/messages/{lunch['id']}/forever"), 409)
    assert mail.admin.audit(since)[-1]["status"] == 409
