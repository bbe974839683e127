"""Folders, labels, contacts, the directory and the account, over real HTTP."""

from __future__ import annotations

from tests.helpers import expect, expect_error


def _folder(client, name: str) -> dict:
    return next(f for f in expect(client.get("/api/folders"), 200)["items"] if f["name"] == name)


def test_folder_lifecycle(mail) -> None:
    alice = mail.user("alice")
    folders = expect(alice.get("/api/folders"), 200)
    assert [f["name"] for f in folders["items"]][:6] == [
        "inbox",
        "sent",
        "drafts",
        "trash",
        "archive",
        "spam",
    ]
    created = expect(alice.post("/api/folders", json={"name": " Taxes "}), 201)
    assert created == {
        "id": created["id"],
        "name": "Taxes",
        "is_system": False,
        "total": 0,
        "unread": 0,
    }
    error = expect_error(alice.post("/api/folders", json={"name": "taxes"}), 409)
    assert "already have a folder named 'Taxes'" in error["message"]
    error = expect_error(alice.post("/api/folders", json={"name": "Inbox"}), 409)
    assert "system folder" in error["message"]
    error = expect_error(alice.post("/api/folders", json={"name": "a/b"}), 422)
    assert "nested" in error["message"]
    renamed = expect(alice.patch(f"/api/folders/{created['id']}", json={"name": "Tax 2026"}), 200)
    assert renamed["name"] == "Tax 2026"
    inbox = _folder(alice, "inbox")
    error = expect_error(alice.patch(f"/api/folders/{inbox['id']}", json={"name": "Main"}), 409)
    assert "cannot be renamed" in error["message"]
    error = expect_error(alice.delete(f"/api/folders/{inbox['id']}"), 409)
    assert "cannot be deleted" in error["message"]
    expect(alice.delete(f"/api/folders/{created['id']}"), 204)
    expect_error(alice.delete(f"/api/folders/{created['id']}"), 404)


def test_delete_non_empty_folder(mail) -> None:
    alice = mail.user("alice")
    projects = _folder(alice, "Projects")
    assert projects["total"] == 2
    error = expect_error(alice.delete(f"/api/folders/{projects['id']}"), 409)
    assert "holds 2 message(s)" in error["message"] and "move_messages_to_inbox" in error["message"]
    # a message trashed from Projects must restore to inbox once Projects is gone
    first = mail.find("alice", folder="Projects")[0]
    expect(alice.delete(f"/api/messages/{first['id']}"), 200)
    expect(
        alice.delete(f"/api/folders/{projects['id']}", params={"move_messages_to_inbox": "true"}),
        204,
    )
    assert first["subject"] == "Checkout redesign: mockups v2"
    inbox = [m["subject"] for m in mail.find("alice", folder="inbox")]
    assert "Checkout redesign: engineering estimate" in inbox
    assert expect(alice.post(f"/api/messages/{first['id']}/restore"), 200)["folder"] == "inbox"


def test_label_crud(mail) -> None:
    alice = mail.user("alice")
    created = expect(alice.post("/api/labels", json={"name": "Family", "color": "#ff9800"}), 201)
    assert created["message_count"] == 0
    error = expect_error(alice.post("/api/labels", json={"name": "FAMILY"}), 409)
    assert "already have a label" in error["message"]
    finance = next(
        lab for lab in expect(alice.get("/api/labels"), 200)["items"] if lab["name"] == "Finance"
    )
    assert finance["message_count"] == 2
    renamed = expect(alice.patch(f"/api/labels/{finance['id']}", json={"name": "Money"}), 200)
    assert renamed["name"] == "Money" and renamed["message_count"] == 2
    assert {"Money"} <= set(mail.find("alice", q="INV-4821")[0]["labels"])
    error = expect_error(alice.patch(f"/api/labels/{finance['id']}", json={"name": "Family"}), 409)
    expect(alice.delete(f"/api/labels/{finance['id']}"), 204)
    assert mail.find("alice", q="INV-4821")[0]["labels"] == []
    expect_error(alice.patch(f"/api/labels/{finance['id']}", json={"color": "red"}), 404)
    bob_label = expect(mail.user("bob").get("/api/labels"), 200)["items"][0]
    error = expect_error(alice.delete(f"/api/labels/{bob_label['id']}"), 403)
    assert "another account" in error["message"]


def test_contacts_crud_and_search(mail) -> None:
    alice = mail.user("alice")
    listed = expect(alice.get("/api/contacts", params={"q": "northwind"}), 200)
    assert [c["name"] for c in listed["items"]] == ["Priya Nair"]
    created = expect(
        alice.post(
            "/api/contacts",
            json={"name": "Sam Reyes", "email": "Sam@Reyes.example", "phone": "+1 555 0199"},
        ),
        201,
    )
    assert created["email"] == "sam@reyes.example" and created["company"] is None
    error = expect_error(
        alice.post("/api/contacts", json={"name": "Dup", "email": "sam@reyes.example"}), 409
    )
    assert "already in your contacts as 'Sam Reyes'" in error["message"]
    error = expect_error(
        alice.post("/api/contacts", json={"name": "X", "email": "not-an-address"}), 422
    )
    assert "email" in error["message"] and "not a valid email address" in error["message"]
    updated = expect(
        alice.patch(
            f"/api/contacts/{created['id']}", json={"company": "Reyes & Co", "phone": None}
        ),
        200,
    )
    assert updated["company"] == "Reyes & Co" and updated["phone"] is None
    error = expect_error(alice.patch(f"/api/contacts/{created['id']}", json={"name": None}), 422)
    assert "name" in error["message"]
    assert expect(alice.get(f"/api/contacts/{created['id']}"), 200)["name"] == "Sam Reyes"
    assert expect(alice.get("/api/contacts"), 200)["total"] == 6
    expect(alice.delete(f"/api/contacts/{created['id']}"), 204)
    expect_error(alice.get(f"/api/contacts/{created['id']}"), 404)


def test_directory_and_account(mail) -> None:
    alice = mail.user("alice")
    found = expect(alice.get("/api/directory", params={"q": "ca"}), 200)
    assert [u["email"] for u in found["items"]] == ["carol@example.test"]
    assert (
        expect(alice.get("/api/directory", params={"q": "chen"}), 200)["items"][0]["username"]
        == "bob"
    )
    assert expect(alice.get("/api/directory"), 200)["total"] == 4
    assert expect(alice.get("/api/directory", params={"q": "zz"}), 200)["total"] == 0
    account = expect(alice.get("/api/account"), 200)
    assert account["email"] == "alice@example.test" and account["signature"].startswith("Alice")
    updated = expect(alice.patch("/api/account", json={"signature": "-- A"}), 200)
    assert updated["signature"] == "-- A" and updated["display_name"] == "Alice Martin"
    error = expect_error(alice.patch("/api/account", json={"display_name": ""}), 422)
    assert "display_name" in error["message"]


def test_a_label_taken_off_a_message_is_a_delete_in_the_audit_log(mail) -> None:
    """The link goes through the relationship's orphan cascade, not an explicit delete: the
    audit log must still list the row it removes (a verifier reads ``changes``)."""
    alice = mail.user("alice")
    message = mail.find("alice", folder="inbox")[0]
    expect(alice.post(f"/api/messages/{message['id']}/labels", json={"name": "Finance"}), 200)
    expect(alice.delete(f"/api/messages/{message['id']}/labels/Finance"), 200)
    removed = mail.admin.audit()[-1]
    assert [(c["table"], c["action"]) for c in removed["changes"]] == [
        ("message_labels", "delete")
    ], f"expected the link's row deleted, got {removed['operation']} {removed['changes']}"
