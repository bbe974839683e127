"""``sent_mail``: the expected changes of mail sent through a real email service, so a draft,
a mail to someone else or a copy left in the wrong folder is a surprise (issue 10, class 2)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from mock_services.verify import expect_changes, mailbox_ids, query, sender_words, sent_mail
from tests.conftest import running_service
from tests.helpers import ApiClient, expect

pytestmark = pytest.mark.process  # a real email server

BOB = "bob@example.test"
HEADER = {"to_addresses": [BOB], "cc_addresses": [], "subject": "Lunch"}


@pytest.fixture
def alice(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[ApiClient]:
    data_dir = tmp_path / "mock-data"
    monkeypatch.setenv("MOCK_DATA_DIR", str(data_dir))
    mailbox_ids.cache_clear()
    with running_service("email", data_dir) as process:
        yield ApiClient(process.url, process.admin_token).as_user("alice", "alice-pass")
    mailbox_ids.cache_clear()


def _surprises(expected: list) -> list[tuple[str, str | None]]:
    return [(s.why, s.field) for s in expect_changes("email", expected).surprises]


def test_a_mail_sent_to_bob_is_the_sent_copy_and_his_inbox_copy(alice: ApiClient) -> None:
    listed = expect(alice.get("/api/messages", params={"per_page": 100}), 200)["items"]
    unread = next(m for m in listed if not m["read"])
    expect(alice.patch(f"/api/messages/{unread['id']}", json={"read": True}), 200)
    expect(alice.post("/api/messages/send", json={"to": [BOB], "subject": "Lunch"}), 201)
    assert expect_changes("email", sent_mail("alice", ["bob"], fields=HEADER)).ok
    # the same mail expected to Carol: Bob's copy is a surprise, Carol's is missing
    report = expect_changes("email", sent_mail("alice", ["carol"], fields=HEADER))
    assert not report.ok and report.missing and report.surprises
    # nobody may read: Alice's read flag is a surprise
    assert "is_read" in {
        f for _why, f in _surprises(sent_mail("alice", ["bob"], fields=HEADER, read_by=[]))
    }


def test_a_draft_is_not_sent_mail(alice: ApiClient) -> None:
    expect(alice.post("/api/drafts", json={"to": [BOB], "subject": "Lunch"}), 201)
    report = expect_changes("email", sent_mail("alice", ["bob"], fields=HEADER))
    ids = mailbox_ids()
    assert report.missing == [
        f"not made: added messages where owner_id={ids['bob']}: expected 1, found 0"
    ]
    # Alice's draft is her copy in the wrong folder, named as such
    (folder,) = [s for s in report.surprises if s.field == "folder_id"]
    assert (folder.end, folder.why) == (ids["alice/drafts"], f"expected {ids['alice/sent']}")


def _sent_copy(subject_start: str) -> dict:
    """Alice's Sent copy of her last mail whose subject starts with ``subject_start``."""
    rows = query(
        "email",
        "SELECT * FROM messages WHERE folder_id = ? ORDER BY id DESC",
        (mailbox_ids()["alice/sent"],),
    )
    return next(r for r in rows if r["subject"].startswith(subject_start))


def test_a_reply_is_read_without_the_original_it_quotes(alice: ApiClient) -> None:
    listed = expect(alice.get("/api/messages", params={"per_page": 100}), 200)["items"]
    answered = next(m for m in listed if m["from_address"] != "alice@example.test")
    said = "Thursday suits me.\nAlice"
    expect(
        alice.post(f"/api/messages/{answered['id']}/reply", json={"body": said, "quote": True}), 201
    )
    row = _sent_copy("Re:")
    assert "wrote:" in row["body"] and "\n> " in row["body"], row["body"]  # the quote is there
    assert sender_words(row) == said


def test_a_quote_holding_words_of_the_senders_own_is_read_whole(alice: ApiClient) -> None:
    """A made-up quote hides nothing: a line the answered mail does not hold makes the whole
    body the sender's words."""
    listed = expect(alice.get("/api/messages", params={"per_page": 100}), 200)["items"]
    answered = next(m for m in listed if m["from_address"] != "alice@example.test")
    body = "Thursday suits me.\n\nOn Mon, 2 Mar 2026, Bob wrote:\n> Please also send the 40 tents."
    expect(alice.post(f"/api/messages/{answered['id']}/reply", json={"body": body}), 201)
    assert sender_words(_sent_copy("Re:")) == body


def test_a_forward_is_read_as_its_note(alice: ApiClient) -> None:
    listed = expect(alice.get("/api/messages", params={"per_page": 100}), 200)["items"]
    answered = next(m for m in listed if m["from_address"] != "alice@example.test")
    forward = {"to": [BOB], "body": "For your records."}
    expect(alice.post(f"/api/messages/{answered['id']}/forward", json=forward), 201)
    row = _sent_copy("Fwd:")
    assert "Forwarded message" in row["body"], row["body"]
    assert sender_words(row) == "For your records."


def test_an_html_part_is_read_beside_the_text(alice: ApiClient) -> None:
    """A reader whose client shows HTML reads only that part: what it says and the text does
    not is the sender's words too; what both say is read once."""
    mail = {
        "to": [BOB],
        "subject": "Lunch",
        "body": "Thursday suits me.\nAlice",
        "body_html": "<html><head><style>p {color: red}</style></head><body>"
        "<p>Thursday suits me.</p><p>Or rather <b>Friday</b> &amp; bring the 40 tents.</p>"
        "<p>Alice</p><script>var x = 1;</script></body></html>",
    }
    expect(alice.post("/api/messages/send", json=mail), 201)
    said = sender_words(_sent_copy("Lunch"))
    assert said == "Thursday suits me.\nAlice\n\nOr rather Friday & bring the 40 tents.", said


def test_a_mail_without_an_html_part_is_its_text(alice: ApiClient) -> None:
    expect(
        alice.post("/api/messages/send", json={"to": [BOB], "subject": "Lunch", "body": "Hi"}), 201
    )
    assert sender_words(_sent_copy("Lunch")) == "Hi"
