"""The seeding layer: validation messages, atomic builds, determinism, export round trip."""

import json
import sqlite3
from pathlib import Path

import pytest

from mock_services.core.seeding import SeedError, export_service, seed_service, seed_task
from mock_services.core.settings import Settings
from tests.core.notes_service import DEFAULT_SEED, SPEC
from tests.helpers import db_dump as dump

USER = {"username": "bob", "password": "pw", "display_name": "Bob", "email": "bob@example.test"}


def seed(tmp_path: Path, document: dict, **kw) -> Settings:
    settings = Settings(data_dir=tmp_path)
    seed_service(SPEC, document, settings, **kw)
    return settings


@pytest.mark.parametrize(
    ("document", "fragments"),
    [
        ({"notes": [{"owner": "bob"}]}, ["notes.notes[0].title", "Field required"]),
        ({"notes": [{"owner": "bob", "title": ""}]}, ["notes.notes[0].title", "at least 1"]),
        (
            {"users": [USER], "notes": [{"owner": "bob", "title": "x", "due": "+3x"}]},
            ["notes.notes[0].due", "'+3x'", "relative date"],
        ),
        (
            {"users": [USER], "notes": [{"owner": "eve", "title": "x"}]},
            ["notes.notes[0].owner", "unknown user 'eve'", "'bob'"],
        ),
        ({"users": [USER, USER]}, ["notes.users[1].username", "duplicate user 'bob'"]),
        ({"users": [{**USER, "password": None}]}, ["notes.users[0]", "password_hash"]),
        ({"users": [{**USER, "email": "bob"}]}, ["notes.users[0].email", "pattern"]),
        (
            {
                "users": [USER],
                "notes": [
                    {"id": 4, "owner": "bob", "title": "a"},
                    {"id": 4, "owner": "bob", "title": "b"},
                ],
            },
            ["notes.notes[1].id", "pinned twice"],
        ),
        ({"notes": [], "colour": "red"}, ["notes.colour", "Extra inputs are not permitted"]),
        ({"faults": [{"route": "POST /api/notes"}]}, ["notes.faults[0]", "'status'", "delay_ms"]),
        ({"faults": [{"route": "/api/notes", "status": 503}]}, ["notes.faults[0].route"]),
    ],
)
def test_bad_seed_names_the_path_and_the_problem(
    tmp_path: Path, document: dict, fragments: list[str]
) -> None:
    with pytest.raises(SeedError) as caught:
        seed(tmp_path, document, source="task/seed.json")
    message = str(caught.value)
    assert message.startswith("task/seed.json: "), message
    for fragment in fragments:
        assert fragment in message, f"{fragment!r} missing from: {message}"


def test_bad_seed_leaves_the_existing_db_untouched(tmp_path: Path) -> None:
    settings = seed(tmp_path, DEFAULT_SEED)
    before = dump(settings.db_path("notes"))
    with pytest.raises(SeedError):
        seed(tmp_path, {"users": [USER], "notes": [{"owner": "nobody", "title": "x"}]})
    assert dump(settings.db_path("notes")) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "notes.db",
        "notes.seed.db",
        "secrets",
    ] or sorted(p.name for p in tmp_path.iterdir()) == ["notes.db", "notes.seed.db"]


def test_seeding_twice_is_byte_identical(tmp_path: Path) -> None:
    first = seed(tmp_path / "a", DEFAULT_SEED)
    second = seed(tmp_path / "b", DEFAULT_SEED)
    assert dump(first.db_path("notes")) == dump(second.db_path("notes"))
    assert first.db_path("notes").read_bytes() == second.db_path("notes").read_bytes()


def test_export_round_trips_and_keeps_dates_relative(tmp_path: Path) -> None:
    settings = seed(tmp_path / "a", DEFAULT_SEED)
    exported = export_service(SPEC, settings)
    assert exported["notes"][0]["due"] == "+1d 18:00"
    again = seed(tmp_path / "b", exported)
    assert export_service(SPEC, again) == exported
    assert dump(again.db_path("notes")) == dump(settings.db_path("notes"))


def test_relative_dates_follow_the_seed_now(tmp_path: Path) -> None:
    from datetime import UTC, datetime

    settings = seed(tmp_path, DEFAULT_SEED, now=datetime(2030, 1, 1, 9, tzinfo=UTC))
    with sqlite3.connect(settings.db_path("notes")) as conn:
        assert conn.execute("SELECT due FROM notes").fetchone()[0].startswith("2030-01-02 18:00")


def test_seed_task_file_errors_name_the_file(tmp_path: Path) -> None:
    specs = {"notes": SPEC}
    bad_json = tmp_path / "seed.json"
    bad_json.write_text('{"notes": {,}}')
    with pytest.raises(SeedError, match=r"seed.json:1:\d+: invalid JSON"):
        seed_task(specs, bad_json, Settings(tmp_path / "d"))
    bad_json.write_text(json.dumps({"noets": {}}))
    with pytest.raises(SeedError, match="unknown service 'noets'; expected one of: notes"):
        seed_task(specs, bad_json, Settings(tmp_path / "d"))
    bad_json.write_text(json.dumps({"timezone": "Mars/Olympus", "notes": {}}))
    with pytest.raises(SeedError, match="unknown time zone 'Mars/Olympus'"):
        seed_task(specs, bad_json, Settings(tmp_path / "d"))
    bad_json.write_text(json.dumps({"now": "soon", "notes": {}}))
    with pytest.raises(SeedError, match=r"seed.now"):
        seed_task(specs, bad_json, Settings(tmp_path / "d"))
    with pytest.raises(SeedError, match="cannot read seed file"):
        seed_task(specs, tmp_path / "missing.json", Settings(tmp_path / "d"))


def test_seed_task_uses_the_file_clock(tmp_path: Path) -> None:
    path = tmp_path / "seed.json"
    path.write_text(
        json.dumps(
            {"now": "2027-06-01T12:00:00Z", "timezone": "Europe/Paris", "notes": DEFAULT_SEED}
        )
    )
    settings = Settings(tmp_path / "d")
    seed_task({"notes": SPEC}, path, settings)
    with sqlite3.connect(settings.db_path("notes")) as conn:
        meta = dict(conn.execute("SELECT key, value FROM _meta"))
        due = conn.execute("SELECT due FROM notes").fetchone()[0]
    assert meta["now"].startswith("2027-06-01T12:00") and meta["timezone"] == "Europe/Paris"
    assert due.startswith("2027-06-02 16:00")  # 18:00 in Paris (UTC+2) is 16:00 UTC


def test_a_service_without_a_section_gets_its_default_data(tmp_path: Path) -> None:
    path = tmp_path / "seed.json"
    path.write_text(json.dumps({"now": "2027-06-01T12:00:00Z"}))
    settings = Settings(tmp_path / "d")
    seed_task({"notes": SPEC}, path, settings, only="notes")
    with sqlite3.connect(settings.db_path("notes")) as conn:
        assert conn.execute("SELECT title, due FROM notes").fetchall() == [
            ("Buy milk", "2027-06-02 18:00:00.000000")
        ]
