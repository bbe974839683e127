"""Seed validation (errors name the JSON path) and exact export round trips."""

from __future__ import annotations

import copy
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from mock_services.core.base.settings import Settings
from mock_services.core.seeding.seed import SeedError, export_service
from mock_services.core.serve.seeding import seed_service
from mock_services.registry import get_spec
from tests.helpers import db_dump, expect

SPEC = get_spec("email")

BASE: dict[str, Any] = {
    "users": [
        {
            "username": "ann",
            "password": "pw",
            "display_name": "Ann",
            "email": "ann@example.test",
            "folders": ["Work"],
            "labels": ["Todo"],
        },
        {"username": "ben", "password": "pw", "display_name": "Ben", "email": "ben@example.test"},
    ],
    "messages": [
        {
            "owner": "ann",
            "folder": "Work",
            "from_address": "ben@example.test",
            "to": ["ann@example.test"],
            "subject": "Hello",
            "date": "-1d 10:00",
            "labels": ["Todo"],
        }
    ],
}


def _seed(tmp_path: Path, document: dict[str, Any], name: str = "db") -> Settings:
    settings = Settings(data_dir=tmp_path / name)
    seed_service(SPEC, document, settings)
    return settings


def _bad(tmp_path: Path, change) -> str:  # type: ignore[no-untyped-def]
    document = copy.deepcopy(BASE)
    change(document)
    with pytest.raises(SeedError) as info:
        _seed(tmp_path, document)
    return str(info.value)


def test_base_seed_loads(tmp_path: Path) -> None:
    settings = _seed(tmp_path, BASE)
    db = sqlite3.connect(settings.db_path("email"))
    folders = db.execute("SELECT owner_id, name, is_system FROM folders ORDER BY id").fetchall()
    assert folders[:7] == [
        (1, "inbox", 1),
        (1, "sent", 1),
        (1, "drafts", 1),
        (1, "trash", 1),
        (1, "archive", 1),
        (1, "spam", 1),
        (1, "Work", 0),
    ]
    assert len(folders) == 13
    row = db.execute(
        "SELECT m.subject, f.name, m.thread_id, m.message_id, m.is_read FROM messages m "
        "JOIN folders f ON f.id = m.folder_id"
    ).fetchone()
    assert row == ("Hello", "Work", "thread-1", "<msg-1@mail.example.test>", 0)
    assert db.execute("SELECT message_id, label_id FROM message_labels").fetchall() == [(1, 1)]


@pytest.mark.parametrize(
    ("change", "where", "what"),
    [
        (
            lambda d: d["messages"][0].update(owner="zed"),
            "email.messages[0].owner",
            "unknown user 'zed'; expected one of: 'ann', 'ben'",
        ),
        (
            lambda d: d["messages"][0].update(folder="Play"),
            "email.messages[0].folder",
            "unknown folder 'Play'",
        ),
        (
            lambda d: d["messages"][0].update(labels=["Todo", "Later"]),
            "email.messages[0].labels[1]",
            "unknown label 'Later' of 'ann'; expected one of: 'Todo'",
        ),
        (
            lambda d: d["users"][1].update(email="ANN@example.test"),
            "email.users[1].email",
            "already used by users[0]",
        ),
        (
            lambda d: d["users"][0].update(folders=["Work", "work"]),
            "email.users[0].folders[1]",
            "duplicate folder 'work'",
        ),
        (
            lambda d: d["users"][0].update(labels=["Todo", "todo"]),
            "email.users[0].labels[1]",
            "duplicate label 'todo'",
        ),
        (
            lambda d: d["messages"][0].update(original_folder="inbox"),
            "email.messages[0].original_folder",
            "only messages in 'trash'",
        ),
        (
            lambda d: d["messages"][0].update(to=["not-an-address"]),
            "email.messages[0].to[0]",
            "String should match pattern",
        ),
        (
            lambda d: d["messages"][0].update(date="next tuesday"),
            "email.messages[0].date",
            "is not a date",
        ),
        (
            lambda d: d["messages"][0].update(
                attachments=[{"filename": "a.txt", "text": "x", "content_base64": "eA=="}]
            ),
            "email.messages[0].attachments[0]",
            "give exactly one of 'text' or 'content_base64'",
        ),
        (
            lambda d: d["messages"][0].update(
                attachments=[{"filename": "a.bin", "content_base64": "!!"}]
            ),
            "email.messages[0].attachments[0]",
            "not valid base64",
        ),
        (
            lambda d: d["messages"][0].update(sender="x@y.z"),
            "email.messages[0].sender",
            "Extra inputs are not permitted",
        ),
        (
            lambda d: (
                d["messages"].append({**d["messages"][0], "id": 1, "subject": "A"})
                or d["messages"][0].update(id=1)
            ),
            "email.messages[1].id",
            "id 1 is pinned twice",
        ),
    ],
)
def test_bad_seed_names_path_and_problem(tmp_path: Path, change, where: str, what: str) -> None:  # type: ignore[no-untyped-def]
    message = _bad(tmp_path, change)
    assert where in message, message
    assert what in message, message


def test_bad_seed_leaves_no_db(tmp_path: Path) -> None:
    _bad(tmp_path, lambda d: d["messages"][0].update(owner="zed"))
    assert not (tmp_path / "db" / "email.db").exists()


def _rows(settings: Settings) -> list[str]:
    return [
        line
        for line in db_dump(settings.db_path("email"))
        if not any(t in line for t in ('"_meta"', '"_audit', '"_fault'))
    ]


def test_default_seed_round_trips_exactly(tmp_path: Path) -> None:
    first = _seed(tmp_path, SPEC.default_seed(), "a")
    exported = export_service(SPEC, first)
    second = _seed(tmp_path, exported, "b")
    assert _rows(first) == _rows(second)
    assert export_service(SPEC, second) == exported
    assert exported["messages"][0]["date"].startswith("-")  # dates stay relative


def test_export_after_mutations_round_trips(mail, tmp_path: Path) -> None:
    alice = mail.user("alice")
    projects = next(
        f for f in expect(alice.get("/api/folders"), 200)["items"] if f["name"] == "Receipts"
    )
    expect(
        alice.delete(f"/api/folders/{projects['id']}", params={"move_messages_to_inbox": True}), 204
    )
    expect(alice.post("/api/folders", json={"name": "Later"}), 201)
    expect(alice.post("/api/labels", json={"name": "Zeta"}), 201)
    lunch = mail.find("alice", q="Lunch next week", folder="inbox")[0]
    expect(alice.post(f"/api/messages/{lunch['id']}/labels", json={"name": "Zeta"}), 200)
    expect(alice.post(f"/api/messages/{lunch['id']}/labels", json={"name": "Finance"}), 200)
    expect(
        alice.post(
            "/api/messages/send",
            json={
                "to": ["bob@example.test"],
                "subject": "bin",
                "attachments": [{"filename": "x.bin", "content_base64": "AAEC/w=="}],
            },
        ),
        201,
    )
    exported = expect(mail.admin.admin("GET", "/admin/export"), 200)
    reseeded = _seed(tmp_path, exported, "again")
    live = Settings(data_dir=mail.data_dir)
    assert _rows(live) == _rows(reseeded)
