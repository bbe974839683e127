"""Seeding: errors name the JSON path, hashtags come from the text, export round-trips."""

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
from tests.helpers import ApiClient, db_dump, expect

SPEC = get_spec("social")


def _small() -> dict[str, Any]:
    user = {"password": "pw", "display_name": "X", "email": "x@example.test"}
    return {
        "users": [{"username": "ana", **user}, {"username": "ben", **user}],
        "follows": [{"follower": "ben", "followee": "ana"}],
        "posts": [
            {
                "key": "hello",
                "author": "ana",
                "text": "Hi #One #two #one",
                "created_at": "-1d 10:00",
            },
            {"author": "ben", "text": "Welcome!", "reply_to": "hello", "created_at": "-1d 11:00"},
            {"author": "ben", "repost_of": "hello", "created_at": "-1d 12:00"},
        ],
        "likes": [{"user": "ben", "post": "hello"}, {"user": "ana", "post": 2}],
        "activity": [
            {"user": "ana", "actor": "ben", "kind": "reply", "post": 2, "at": "-1d 11:00"}
        ],
    }


def _seed(tmp_path: Path, document: dict[str, Any]) -> Settings:
    settings = Settings(data_dir=tmp_path / "data")
    seed_service(SPEC, document, settings)
    return settings


def test_small_seed_loads_and_round_trips(tmp_path: Path) -> None:
    settings = _seed(tmp_path, _small())
    with sqlite3.connect(settings.db_path("social")) as db:
        assert db.execute("SELECT post_id, tag FROM hashtags ORDER BY id").fetchall() == [
            (1, "one"),
            (1, "two"),
        ]
        assert db.execute("SELECT id, reply_to_id, repost_of_id FROM posts").fetchall() == [
            (1, None, None),
            (2, 1, None),
            (3, None, 1),
        ]
    exported = export_service(SPEC, settings)
    assert exported["posts"][1]["reply_to"] == "hello" and exported["likes"][1]["post"] == 2
    again = Settings(data_dir=tmp_path / "again")
    seed_service(SPEC, exported, again, source="exported seed")
    assert db_dump(again.db_path("social")) == db_dump(settings.db_path("social"))


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            lambda d: d["posts"][1].update(reply_to="nope"),
            "social.posts[1].reply_to: unknown post 'nope'",
        ),
        (lambda d: d["posts"][0].update(reply_to=3), "social.posts[0].reply_to: unknown post id 3"),
        (
            lambda d: d["follows"].append({"follower": "ana", "followee": "ana"}),
            "social.follows[1].followee: a user cannot be in their own follows",
        ),
        (
            lambda d: d["follows"].append({"follower": "ben", "followee": "ana"}),
            "social.follows[1]: follows lists this pair twice",
        ),
        (
            lambda d: d["likes"].append({"user": "ben", "post": "hello"}),
            "social.likes[2]: ben likes post 'hello' twice",
        ),
        (lambda d: d["posts"][2].update(text="mine"), "a repost has no text, media or reply_to"),
        (
            lambda d: d["posts"].append({"author": "ana", "repost_of": 3, "created_at": "now"}),
            "repost the original post, not a repost",
        ),
        (lambda d: d["posts"][0].update(text=""), "a post needs text or media"),
        (lambda d: d["activity"][0].pop("post"), "every other kind needs one"),
        (lambda d: d["posts"][0].update(visibility="friends"), "social.posts[0].visibility"),
    ],
)
def test_bad_seed_names_the_path(tmp_path: Path, change: Any, message: str) -> None:
    document = copy.deepcopy(_small())
    change(document)
    with pytest.raises(SeedError) as caught:
        _seed(tmp_path, document)
    assert message in str(caught.value)


def test_api_changes_export_and_seed_back_identically(
    social: ApiClient, social_server: Any, alice: ApiClient, tmp_path: Path
) -> None:
    made = expect(
        alice.post(
            "/api/posts",
            json={
                "text": "New #Thing",
                "media": [{"kind": "gif", "url": "https://x.test/a.gif"}],
                "visibility": "followers",
            },
        ),
        201,
    )
    expect(alice.post(f"/api/posts/{made['id']}/like"), 201)
    expect(alice.post("/api/mutes", json={"username": "dave"}), 201)
    expect(alice.post("/api/conversations/bob/messages", json={"text": "hey"}), 201)
    settings = Settings(data_dir=social_server.data_dir)
    exported = export_service(SPEC, settings)
    assert exported["posts"][-1]["text"] == "New #Thing" and "key" not in exported["posts"][-1]
    again = Settings(data_dir=tmp_path / "again")
    seed_service(SPEC, exported, again, source="exported seed")
    assert export_service(SPEC, again) == exported
