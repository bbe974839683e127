"""Listing, searching, threads and organising messages over real HTTP."""

from __future__ import annotations

from tests.helpers import expect, expect_error


def test_list_inbox_newest_first_and_paginated(mail) -> None:
    alice = mail.user("alice")
    page1 = expect(alice.get("/api/messages", params={"folder": "inbox", "per_page": 4}), 200)
    assert page1["total"] == 11 and len(page1["items"]) == 4
    assert page1["page"] == 1 and page1["per_page"] == 4
    page3 = expect(
        alice.get("/api/messages", params={"folder": "inbox", "per_page": 4, "page": 3}), 200
    )
    assert len(page3["items"]) == 3
    dates = [m["date"] for m in page1["items"] + page3["items"]]
    assert dates == sorted(dates, reverse=True)
    oldest = expect(
        alice.get("/api/messages", params={"folder": "INBOX", "sort": "oldest", "per_page": 1}),
        200,
    )
    assert oldest["items"][0]["subject"] == "The Weekly Byte #112: SQLite everywhere"
    assert all(m["folder"] == "inbox" for m in page1["items"])


def test_search_filters(mail) -> None:
    def subjects(**params):
        return sorted(m["subject"] for m in mail.find("alice", **params))

    assert subjects(q="invoice") == ["Invoice INV-4821 for February"]
    assert subjects(q="RAMEN") == ["Lunch next week?"]  # body, case-insensitive
    assert subjects(**{"from": "northwind"}) == [
        "Invoice INV-4821 for February",
        "Price update from April",
    ]
    assert "Lease renewal" in subjects(to="greenleaf")
    assert subjects(label="newsletters") == [
        "Spring fares from $89 - book by Sunday",
        "The Weekly Byte #112: SQLite everywhere",
        "The Weekly Byte #113: Faster Python builds",
    ]
    assert subjects(starred=True) == ["Design review notes"]
    assert subjects(has_attachment=True) == ["Design review notes", "Invoice INV-4821 for February"]
    unread = subjects(folder="inbox", unread=True)
    assert "Lunch next week?" in unread and "Price update from April" not in unread
    assert subjects(
        after="2026-03-01T00:00:00Z", before="2026-03-02T08:00:00Z", folder="inbox"
    ) == [
        "Lunch next week?",
        "Office closed on Friday",
        "Spring fares from $89 - book by Sunday",
        "The Weekly Byte #113: Faster Python builds",
    ]
    # no folder: trash and spam are left out; asking for them explicitly works
    assert "You have WON a $500 gift card!!!" not in subjects(q="won")
    assert subjects(folder="spam", q="won") == ["You have WON a $500 gift card!!!"]
    assert subjects(q="100%_no_match") == []


def test_unknown_folder_or_label_is_404_listing_known(mail) -> None:
    alice = mail.user("alice")
    error = expect_error(alice.get("/api/messages", params={"folder": "Projets"}), 404)
    assert "Projets" in error["message"] and "'Projects'" in error["message"]
    error = expect_error(alice.get("/api/messages", params={"label": "Bills"}), 404)
    assert "'Finance'" in error["message"]
    error = expect_error(alice.get("/api/messages", params={"sort": "sideways"}), 422)
    assert "sort" in str(error)


def test_thread_view(mail) -> None:
    alice = mail.user("alice")
    thread = expect(alice.get("/api/threads/offsite"), 200)
    assert thread["subject"] == "Q2 planning offsite"
    assert [(m["folder"], m["from_address"]) for m in thread["messages"]] == [
        ("inbox", "bob@example.test"),
        ("sent", "alice@example.test"),
        ("inbox", "bob@example.test"),
    ]
    assert thread["messages"][2]["in_reply_to"] == "<offsite-2@example.test>"
    error = expect_error(alice.get("/api/threads/hiring-design"), 404)
    assert "hiring-design" in error["message"]
    assert len(expect(mail.user("bob").get("/api/threads/hiring-design"), 200)["messages"]) == 2


def test_flags_and_labels(mail) -> None:
    alice = mail.user("alice")
    lunch = mail.find("alice", q="Lunch next week", folder="inbox")[0]
    assert lunch["read"] is False
    updated = expect(
        alice.patch(f"/api/messages/{lunch['id']}", json={"read": True, "starred": True}), 200
    )
    assert updated["read"] is True and updated["starred"] is True
    inbox = expect(alice.get("/api/folders"), 200)["items"][0]
    assert inbox["name"] == "inbox" and inbox["unread"] == 6
    labelled = expect(
        alice.post(f"/api/messages/{lunch['id']}/labels", json={"name": "urgent"}), 200
    )
    assert labelled["labels"] == ["Urgent"]
    again = expect(alice.post(f"/api/messages/{lunch['id']}/labels", json={"name": "Urgent"}), 200)
    assert again["labels"] == ["Urgent"]
    error = expect_error(
        alice.post(f"/api/messages/{lunch['id']}/labels", json={"name": "Nope"}), 404
    )
    assert "no label named 'Nope'" in error["message"]
    assert [m["id"] for m in mail.find("alice", label="Urgent")] == sorted(
        [lunch["id"], mail.find("alice", q="Design review")[0]["id"]], reverse=True
    )
    removed = expect(alice.delete(f"/api/messages/{lunch['id']}/labels/Urgent"), 200)
    assert removed["labels"] == []


def test_move_trash_restore_forever(mail) -> None:
    alice = mail.user("alice")
    price = mail.find("alice", q="Price update", folder="inbox")[0]
    moved = expect(
        alice.post(f"/api/messages/{price['id']}/move", json={"folder": "projects"}), 200
    )
    assert moved["folder"] == "Projects"
    trashed = expect(alice.delete(f"/api/messages/{price['id']}"), 200)
    assert trashed["folder"] == "trash" and trashed["original_folder"] == "Projects"
    error = expect_error(alice.delete(f"/api/messages/{price['id']}"), 409)
    assert "already in trash" in error["message"]
    restored = expect(alice.post(f"/api/messages/{price['id']}/restore"), 200)
    assert restored["folder"] == "Projects" and restored["original_folder"] is None
    error = expect_error(alice.post(f"/api/messages/{price['id']}/restore"), 409)
    assert "not in trash" in error["message"]
    error = expect_error(alice.delete(f"/api/messages/{price['id']}/forever"), 409)
    assert "only messages in trash" in error["message"]
    expect(alice.delete(f"/api/messages/{price['id']}"), 200)
    expect(alice.delete(f"/api/messages/{price['id']}/forever"), 204)
    expect_error(alice.get(f"/api/messages/{price['id']}"), 404)
    # seeded trash remembers where things came from
    promo = mail.find("alice", folder="trash", q="headphones")[0]
    assert expect(alice.post(f"/api/messages/{promo['id']}/restore"), 200)["folder"] == "inbox"
    # rules of special folders
    draft = mail.find("alice", folder="drafts")[0]
    error = expect_error(
        alice.post(f"/api/messages/{draft['id']}/move", json={"folder": "inbox"}), 409
    )
    assert "draft" in error["message"]
    error = expect_error(
        alice.post(f"/api/messages/{promo['id']}/move", json={"folder": "drafts"}), 409
    )
    error = expect_error(
        alice.post(f"/api/messages/{promo['id']}/move", json={"folder": "sent"}), 409
    )
    assert "only mail you sent" in error["message"]
    error = expect_error(
        alice.post(f"/api/messages/{promo['id']}/move", json={"folder": "Nowhere"}), 404
    )


def test_empty_trash(mail) -> None:
    alice = mail.user("alice")
    assert expect(alice.post("/api/trash/empty"), 200) == {"deleted": 2}
    assert mail.find("alice", folder="trash") == []
    assert expect(alice.post("/api/trash/empty"), 200) == {"deleted": 0}
    assert len(mail.find("bob", folder="inbox")) > 0


def test_bulk_actions_all_or_nothing(mail) -> None:
    alice = mail.user("alice")
    newsletters = [m["id"] for m in mail.find("alice", label="Newsletters")]
    result = expect(
        alice.post("/api/messages/bulk", json={"ids": newsletters, "action": "archive"}), 200
    )
    assert result == {"action": "archive", "updated": 3, "ids": newsletters}
    assert {m["folder"] for m in mail.find("alice", label="Newsletters")} == {"archive"}
    expect(alice.post("/api/messages/bulk", json={"ids": newsletters, "action": "read"}), 200)
    assert all(m["read"] for m in mail.find("alice", label="Newsletters"))
    # one message not in trash refuses the whole restore
    trash = [m["id"] for m in mail.find("alice", folder="trash")]
    error = expect_error(
        alice.post(
            "/api/messages/bulk", json={"ids": [*trash, newsletters[0]], "action": "restore"}
        ),
        409,
    )
    assert str(newsletters[0]) in error["message"]
    assert len(mail.find("alice", folder="trash")) == 2
    error = expect_error(
        alice.post("/api/messages/bulk", json={"ids": trash, "action": "move"}), 422
    )
    assert "folder" in error["message"]
    error = expect_error(
        alice.post("/api/messages/bulk", json={"ids": trash, "action": "explode"}), 422
    )
    assert "action" in error["message"]
    bob_message = mail.find("bob", folder="inbox")[0]["id"]
    expect_error(
        alice.post("/api/messages/bulk", json={"ids": [bob_message], "action": "trash"}), 403
    )


def test_label_with_slash_and_html_body(mail) -> None:
    alice = mail.user("alice")
    expect(alice.post("/api/labels", json={"name": "Clients/ACME"}), 201)
    price = mail.find("alice", q="Price update")[0]
    labelled = expect(
        alice.post(f"/api/messages/{price['id']}/labels", json={"name": "Clients/ACME"}), 200
    )
    assert labelled["labels"] == ["Clients/ACME"]
    removed = expect(alice.delete(f"/api/messages/{price['id']}/labels/Clients/ACME"), 200)
    assert removed["labels"] == []
    sent = expect(
        alice.post(
            "/api/messages/send",
            json={"to": ["bob@example.test"], "body": "Hi", "body_html": "<p>Hi</p>"},
        ),
        201,
    )
    assert sent["body_html"] == "<p>Hi</p>" and sent["subject"] == ""
    assert mail.find("bob", q="Hi", folder="inbox")[0]["subject"] == ""


def test_search_ignores_case_beyond_ascii(mail) -> None:
    alice = mail.user("alice")
    body = {"to": ["bob@example.test"], "subject": "Café avec Zoé", "body": "À BIENTÔT"}
    expect(alice.post("/api/messages/send", json=body), 201)
    for typed in ("CAFÉ", "zoé", "à bientôt"):
        assert [m["subject"] for m in mail.find("bob", q=typed)] == ["Café avec Zoé"], typed


def test_read_by_id_matches_the_write_answers_and_the_list(mail) -> None:
    """GET /api/messages/<id> (one plain row) answers what the writes and the list answer:
    labels sorted ignoring case, attachments in order, the folder a trashed message came from."""
    alice = mail.user("alice")
    for name in ("zeta", "Beta", "alpha"):
        expect(alice.post("/api/labels", json={"name": name}), 201)
    files = [
        {"filename": f"{n}.txt", "content_type": "text/plain", "content_base64": "aGk="}
        for n in ("b", "a", "c")
    ]
    sent = expect(
        alice.post(
            "/api/messages/send",
            json={"to": ["bob@example.test"], "subject": "Rows", "attachments": files},
        ),
        201,
    )
    for name in ("zeta", "Beta", "alpha"):
        labelled = expect(
            alice.post(f"/api/messages/{sent['id']}/labels", json={"name": name}), 200
        )
    trashed = expect(alice.delete(f"/api/messages/{sent['id']}"), 200)
    detail = expect(alice.get(f"/api/messages/{sent['id']}"), 200)
    assert labelled["labels"] == ["alpha", "Beta", "zeta"] == detail["labels"]
    assert [a["filename"] for a in detail["attachments"]] == ["b.txt", "a.txt", "c.txt"]
    assert detail == trashed and detail["original_folder"] == "sent"
    item = mail.find("alice", folder="trash", q="Rows")[0]
    assert item == {key: detail[key] for key in item}
    assert expect_error(mail.user("bob").get(f"/api/messages/{sent['id']}"), 403)
    assert expect_error(alice.get("/api/messages/999999"), 404)
