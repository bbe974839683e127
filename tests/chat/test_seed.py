"""The Chat seed: a document seeds the DB (mentions read from the text, a dm keyed by its
people), and the export gives the same document back."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest

from mock_services.core.base.settings import Settings
from mock_services.core.seeding.seed import SeedError, export_service
from mock_services.core.serve.seeding import seed_service
from mock_services.registry import get_spec
from tests.helpers import db_dump

SPEC = get_spec("chat")
HASH = "pbkdf2_sha256$2000$c2FsdA$" + "0" * 64
DOCUMENT: dict[str, Any] = {
    "users": [
        {
            "username": "dana",
            "password_hash": HASH,
            "display_name": "Dana Ito",
            "email": "dana@example.com",
            "title": "Designer",
            "timezone": "Asia/Tokyo",
        },
        {
            "username": "eli",
            "password_hash": HASH,
            "display_name": "Eli Moss",
            "email": "eli@example.com",
        },
    ],
    "workspaces": [
        {
            "name": "Acme",
            "domain": "acme",
            "created_at": "-30d 09:00",
            "members": [{"user": "dana"}, {"user": "eli"}],
        }
    ],
    "conversations": [
        {
            "id": 4,
            "workspace": "Acme",
            "name": "design",
            "topic": "Screens",
            "created_by": "dana",
            "created_at": "-10d 09:00",
            "members": [{"user": "dana", "last_read": "-1d 08:00"}, {"user": "eli"}],
            "messages": [
                {
                    "author": "dana",
                    "text": "Mockups attached, @eli",
                    "created_at": "-1d 07:00",
                    "pinned_at": "-1d 07:00",
                    "pinned_by": "dana",
                    "reactions": [{"user": "eli", "emoji": "tada"}],
                    "files": [{"filename": "mock.txt", "text": "v1"}],
                    "replies": [{"author": "eli", "text": "Nice", "created_at": "-1d 07:30"}],
                },
                {
                    "author": "eli",
                    "text": "Edited later",
                    "created_at": "-1d 08:00",
                    "edited_at": "-1d 08:10",
                },
            ],
        },
        {
            "id": 7,
            "workspace": "Acme",
            "kind": "dm",
            "created_by": "eli",
            "created_at": "-3d 10:00",
            "members": [{"user": "dana"}, {"user": "eli", "last_read": "-1d 10:00"}],
            "messages": [{"author": "eli", "text": "Coffee?", "created_at": "-1d 10:00"}],
        },
    ],
}
"""As the export writes it: dates relative to the seed's now, defaults left out."""


def test_the_export_is_the_document_seeded(tmp_path: Path) -> None:
    settings = Settings(data_dir=tmp_path)
    seed_service(SPEC, DOCUMENT, settings)
    assert export_service(SPEC, settings) == DOCUMENT
    rows = "\n".join(db_dump(tmp_path / "chat.db"))
    assert '["eli"]' in rows  # the first message's mentions, read from its text
    assert "'2,1'" in rows or "1,2" in rows  # the dm's key: its people's ids


def test_the_default_world_exports_as_seeded(tmp_path: Path) -> None:
    settings = Settings(data_dir=tmp_path / "a")
    document = SPEC.default_seed()
    seed_service(SPEC, document, settings)
    exported = export_service(SPEC, settings)
    again = Settings(data_dir=tmp_path / "b")
    seed_service(SPEC, exported, again)
    assert db_dump(tmp_path / "a" / "chat.db") == db_dump(tmp_path / "b" / "chat.db")
    assert len(exported["conversations"]) == 9


def _with(change: Any) -> dict[str, Any]:
    document = copy.deepcopy(DOCUMENT)
    change(document)
    return document


def _mention_stranger(document: dict[str, Any]) -> None:
    document["conversations"][0]["messages"][1]["text"] = "ask @zoe"


def _reply_to_a_reply(document: dict[str, Any]) -> None:
    reply = document["conversations"][0]["messages"][0]["replies"][0]
    reply["replies"] = [{"author": "dana", "text": "deeper"}]


def _unnamed_channel(document: dict[str, Any]) -> None:
    del document["conversations"][0]["name"]


@pytest.mark.parametrize(
    ("change", "says"),
    [
        (_mention_stranger, "zoe"),
        (_reply_to_a_reply, "a reply cannot have replies of its own"),
        (_unnamed_channel, "a channel has a name and a dm has none"),
    ],
    ids=["unknown-mention", "nested-reply", "unnamed-channel"],
)
def test_a_bad_document_is_refused_naming_it(tmp_path: Path, change: Any, says: str) -> None:
    with pytest.raises(SeedError, match=says):
        seed_service(SPEC, _with(change), Settings(data_dir=tmp_path))
    assert not (tmp_path / "chat.db").exists()
