"""The seeding layer: validation messages, atomic builds, determinism, export round trip."""

import json
import sqlite3
from dataclasses import replace
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from sqlalchemy import JSON, String
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column

from mock_services.core.base.settings import Settings
from mock_services.core.data.db import create_tables, make_engine
from mock_services.core.seeding.seed import (
    SeedContext,
    SeedError,
    bulk_insert,
    export_service,
    insert_columns,
)
from mock_services.core.serve.seeding import TASK_SEED_CHECKS, seed_service, seed_task
from mock_services.registry import get_spec
from tests.core.notes_service import DEFAULT_SEED, SPEC, Note
from tests.helpers import db_dump as dump

USER = {"username": "bob", "password": "pw", "display_name": "Bob", "email": "bob@example.test"}


FAULT_ON_NO_ROUTE = {"route": "POST /api/note", "status": 503}


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
        (  # the core knows no email service: the seed says where it is
            {"notifications": {"sender": "notes@example.test"}},
            ["notes.notifications.email_url", "Field required"],
        ),
        ({"faults": [{"route": "POST /api/notes"}]}, ["notes.faults[0]", "'status'", "delay_ms"]),
        ({"faults": [{"route": "/api/notes", "status": 503}]}, ["notes.faults[0].route"]),
        (
            {"faults": [{"route": "GET /api/notes", "delay_ms": 1}, FAULT_ON_NO_ROUTE]},
            [
                "notes.faults[1].route",
                "'POST /api/note' matches no route of the notes service",
                "closest: 'POST /api/notes'",
            ],
        ),
        (
            {"faults": [{"route": "GET /api/notes/*", "status": 503}]},
            ["notes.faults[0].route", "'GET /api/notes/*' matches no route", "'GET /api/notes'"],
        ),
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
    left = sorted(p.name for p in tmp_path.iterdir() if p.suffix != ".lock")  # locks stay
    assert left in (["notes.db", "notes.seed.db", "secrets"], ["notes.db", "notes.seed.db"]), left


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


def test_a_seed_file_that_is_not_utf8_names_the_byte(tmp_path: Path) -> None:
    path = tmp_path / "seed.json"
    data = b'{"notes": {"notes": [{"owner": "\xff", "title": "x"}]}}'
    path.write_bytes(data)
    with pytest.raises(SeedError) as caught:
        seed_task({"notes": SPEC}, path, Settings(tmp_path / "d"))
    offset = data.index(b"\xff")
    assert str(caught.value) == f"{path}: not UTF-8 text: byte {offset} is 0xff"


def test_invalid_json_says_what_was_expected_where(tmp_path: Path) -> None:
    path = tmp_path / "seed.json"
    path.write_text('{"notes": {"users": [],}}')
    with pytest.raises(SeedError) as caught:
        seed_task({"notes": SPEC}, path, Settings(tmp_path / "d"))
    assert str(caught.value) == (
        f"{path}:1:24: invalid JSON: Expecting property name enclosed in double quotes"
    )


def test_each_seeding_resolves_relative_dates_against_its_own_clock(tmp_path: Path) -> None:
    dues = []
    for year in (2030, 2031, 2030):
        now = datetime(year, 1, 1, tzinfo=ZoneInfo("UTC"))
        settings = seed(tmp_path / str(len(dues)), DEFAULT_SEED, now=now)
        with sqlite3.connect(settings.db_path("notes")) as conn:
            dues.append(conn.execute("SELECT due FROM notes").fetchone()[0])
    assert dues == [
        "2030-01-02 18:00:00.000000",
        "2031-01-02 18:00:00.000000",
        "2030-01-02 18:00:00.000000",
    ]


def test_seeding_pauses_the_garbage_collector_and_restores_it(tmp_path: Path) -> None:
    import gc

    seen_during_load = []
    original = SPEC.load

    def load(session, seed_doc, ctx) -> None:  # type: ignore[no-untyped-def]
        seen_during_load.append(gc.isenabled())
        original(session, seed_doc, ctx)

    spec = replace(SPEC, load=load)
    seed_service(spec, DEFAULT_SEED, Settings(data_dir=tmp_path / "a"))
    assert seen_during_load == [False] and gc.isenabled()
    with pytest.raises(SeedError):
        seed_service(spec, {"notes": [{"owner": "eve", "title": "x"}]}, Settings(tmp_path / "b"))
    assert gc.isenabled(), "a failed seeding must turn the collector back on"


def test_a_loader_that_leaves_a_dangling_reference_fails_the_seeding(tmp_path: Path) -> None:
    def load(session, seed_doc, ctx) -> None:  # type: ignore[no-untyped-def]
        SPEC.load(session, seed_doc, ctx)
        orphan = {"id": [7], "owner_id": [42], "title": ["t"], "created_at": [ctx.now]}
        insert_columns(session, Note, orphan)

    with pytest.raises(SeedError) as caught:
        seed_service(replace(SPEC, load=load), DEFAULT_SEED, Settings(tmp_path))
    expected = "1 row(s) refer to rows that do not exist, e.g. notes row 7 refers to a missing"
    assert expected in str(caught.value)
    assert not (tmp_path / "notes.db").exists()


class _Row(DeclarativeBase):
    pass


class _Parcel(_Row):
    __tablename__ = "parcels"
    id: Mapped[int] = mapped_column(primary_key=True)
    label: Mapped[str] = mapped_column(String(20), default="parcel")
    weight: Mapped[int] = mapped_column(default=lambda: 7)
    sent_at: Mapped[datetime | None]
    tags: Mapped[list[str]] = mapped_column(JSON, default=list)
    fragile: Mapped[bool] = mapped_column(default=False)


def test_insert_columns_converts_values_and_fills_defaults(tmp_path: Path) -> None:
    paris = ZoneInfo("Europe/Paris")
    engine = make_engine(tmp_path / "t.db", building=True)
    with Session(engine) as session, session.begin():
        create_tables(session.connection(), _Row)
        insert_columns(
            session,
            _Parcel,
            {
                "id": [1, 2, 3],
                "sent_at": [datetime(2030, 5, 1, 12, tzinfo=paris), None, datetime(2030, 5, 1)],
                "tags": [["a"], [], ["b", "c"]],
                "fragile": [True, False, True],
            },
        )
        bulk_insert(session, _Parcel, [{"id": 4, "label": "box"}, {"id": 5}])
    engine.dispose()
    with sqlite3.connect(tmp_path / "t.db") as conn:
        rows = conn.execute("SELECT * FROM parcels ORDER BY id").fetchall()
    assert rows == [
        (1, "parcel", 7, "2030-05-01 10:00:00.000000", '["a"]', 1),
        (2, "parcel", 7, None, "[]", 0),
        (3, "parcel", 7, "2030-05-01 00:00:00.000000", '["b", "c"]', 1),
        (4, "box", 7, None, "[]", 0),
        (5, "parcel", 7, None, "[]", 0),
    ]


def test_insert_columns_rejects_unknown_and_uneven_columns(tmp_path: Path) -> None:
    engine = make_engine(tmp_path / "t.db", building=True)
    with Session(engine) as session, session.begin():
        create_tables(session.connection(), _Row)
        with pytest.raises(ValueError, match=r"parcels has no column\(s\) colour"):
            insert_columns(session, _Parcel, {"id": [1], "colour": ["red"]})
        with pytest.raises(ValueError, match="parcels: columns of different lengths"):
            insert_columns(session, _Parcel, {"id": [1, 2], "label": ["a"]})
    engine.dispose()


def _fingerprint(settings: Settings) -> str:
    with sqlite3.connect(settings.db_path("notes")) as conn:
        return conn.execute("SELECT value FROM _meta WHERE key = 'seed_hash'").fetchone()[0]


def test_the_seed_fingerprint_follows_the_data_not_the_layout(tmp_path: Path) -> None:
    reordered = {key: DEFAULT_SEED[key] for key in reversed(list(DEFAULT_SEED))}
    reordered["users"] = [dict(reversed(list(u.items()))) for u in DEFAULT_SEED["users"]]
    base = _fingerprint(seed(tmp_path / "a", DEFAULT_SEED))
    assert len(base) == 64
    assert _fingerprint(seed(tmp_path / "b", reordered)) == base
    later = datetime(2031, 1, 1, tzinfo=ZoneInfo("UTC"))
    assert _fingerprint(seed(tmp_path / "c", DEFAULT_SEED, now=later)) != base
    faulty = {**DEFAULT_SEED, "faults": [{"route": "GET /api/notes", "status": 503}]}
    assert _fingerprint(seed(tmp_path / "d", faulty)) != base
    retitled = {**DEFAULT_SEED, "notes": [{**DEFAULT_SEED["notes"][0], "title": "Buy oat milk"}]}
    assert _fingerprint(seed(tmp_path / "e", retitled)) != base


def test_a_lone_surrogate_in_seed_json_is_named_not_a_crash(tmp_path: Path) -> None:
    # pydantic's JSON parser refuses "\ud800"; the json fallback reads it, validation names it
    path = tmp_path / "seed.json"
    document = {**DEFAULT_SEED, "notes": [{"owner": "alice", "title": "bad \ud800 x"}]}
    path.write_text(json.dumps({"notes": document}))
    with pytest.raises(SeedError) as caught:
        seed_task({"notes": SPEC}, path, Settings(tmp_path / "d"))
    assert "notes.notes[0].title: Input should be a valid string" in str(caught.value)
    assert not (tmp_path / "d" / "notes.db").exists()


@pytest.mark.parametrize(
    "route",
    [
        "GET /api/notes",
        "DELETE /api/notes/7",
        "DELETE /api/notes/*",
        "* /api/no*",
        "GET /api/auth/m?",
        "GET /health",
        "GET /openapi.json",
        "POST /admin/reset",
    ],
)
def test_faults_on_routes_the_service_serves_are_accepted(tmp_path: Path, route: str) -> None:
    settings = seed(tmp_path, {**DEFAULT_SEED, "faults": [{"route": route, "status": 503}]})
    assert export_service(SPEC, settings)["faults"] == [{"route": route, "status": 503}]


@pytest.mark.parametrize("route", ["DELETE /api/notes/x", "PUT /api/notes/*", "GET /api/notes/"])
def test_a_fault_must_reach_a_real_route_with_its_method(tmp_path: Path, route: str) -> None:
    with pytest.raises(SeedError, match="matches no route of the notes service"):
        seed(tmp_path, {**DEFAULT_SEED, "faults": [{"route": route, "status": 503}]})


def test_logins_lock_every_other_account_in_every_service(tmp_path: Path) -> None:
    """An agent told to act as alice cannot log in as bob, whose password it could guess or
    read in a readable default seed; a service seeded with its default data is locked too."""
    from mock_services.core.base.auth import check_password

    seed_file = tmp_path / "seed.json"
    seed_file.write_text(json.dumps({"now": "2026-05-01T08:00:00Z", "logins": ["alice"]}))
    specs = {"email": get_spec("email")}
    settings = Settings(data_dir=tmp_path)
    seed_task(specs, seed_file, settings, only="email")
    with sqlite3.connect(tmp_path / "email.db") as db:
        hashes = dict(db.execute("SELECT username, password_hash FROM users"))
    assert check_password(hashes.pop("alice"), "alice-pass")
    assert hashes, "the default data has other users"
    for username, stored in hashes.items():
        assert not check_password(stored, f"{username}-pass"), f"{username} is not locked"
        assert stored.endswith("$" + "0" * 64)


def test_without_logins_every_seeded_password_works(tmp_path: Path) -> None:
    from mock_services.core.base.auth import check_password

    seed_file = tmp_path / "seed.json"
    seed_file.write_text(json.dumps({"now": "2026-05-01T08:00:00Z"}))
    seed_task({"email": get_spec("email")}, seed_file, Settings(data_dir=tmp_path), only="email")
    with sqlite3.connect(tmp_path / "email.db") as db:
        stored = db.execute("SELECT password_hash FROM users WHERE username='bob'").fetchone()[0]
    assert check_password(stored, "bob-pass")


def test_an_empty_logins_list_is_refused(tmp_path: Path) -> None:
    seed_file = tmp_path / "seed.json"
    seed_file.write_text(json.dumps({"logins": []}))
    with pytest.raises(SeedError, match="logins"):
        seed_task({"email": get_spec("email")}, seed_file, Settings(data_dir=tmp_path))


@pytest.mark.attack
def test_a_login_that_is_no_seeded_user_is_refused_naming_the_closest(tmp_path: Path) -> None:
    """A misspelt login would lock every account, the one the task needs too."""
    seed_file = tmp_path / "seed.json"
    seed_file.write_text(json.dumps({"logins": ["alice", "alcie"], "notes": DEFAULT_SEED}))
    data = tmp_path / "data"
    with pytest.raises(SeedError) as raised:
        seed_task({"notes": SPEC}, seed_file, Settings(data_dir=data))
    assert str(raised.value) == (
        f"{seed_file}: seed.logins[1]: 'alcie' is no seeded user of any service (notes); "
        "closest: 'alice'"
    )
    assert not [p.name for p in data.iterdir()], "a refused seed leaves no DB behind"


def test_a_login_may_be_a_user_of_a_section_that_is_not_seeded_now(tmp_path: Path) -> None:
    """``seed notes --from`` builds one section; the file's others still hold the accounts."""
    email = {"users": [{**USER, "username": "dave"}]}
    seed_file = tmp_path / "seed.json"
    seed_file.write_text(json.dumps({"logins": ["dave"], "notes": DEFAULT_SEED, "email": email}))
    specs = {"notes": SPEC, "email": get_spec("email")}
    seed_task(specs, seed_file, Settings(data_dir=tmp_path), only="notes")
    with sqlite3.connect(tmp_path / "notes.db") as db:
        (stored,) = db.execute("SELECT password_hash FROM users WHERE username='alice'").fetchone()
    assert stored.endswith("$" + "0" * 64), "alice is not in logins: locked"
    assert not (tmp_path / "email.db").exists()


@pytest.mark.attack
def test_a_task_image_refuses_a_seed_without_logins(tmp_path: Path) -> None:
    seed_file = tmp_path / "seed.json"
    seed_file.write_text(json.dumps({"notes": DEFAULT_SEED}))
    with pytest.raises(SeedError, match=f'^{seed_file}: no "logins": a task seed names'):
        seed_task({"notes": SPEC}, seed_file, Settings(data_dir=tmp_path), require_logins=True)
    assert not (tmp_path / "notes.db").exists()
    seed_task({"notes": SPEC}, seed_file, Settings(data_dir=tmp_path))  # by hand: allowed


def test_export_keeps_the_logins_the_dbs_were_seeded_with(tmp_path: Path) -> None:
    """Even logins that lock nothing (every account is named) are exported, in their order."""
    from mock_services.core.seeding.seed import export_task

    bob = {**USER, "password": "bob-pass"}
    notes = {"users": [*DEFAULT_SEED["users"], bob]}
    for logins in (["bob"], ["bob", "alice"]):
        seed_file = tmp_path / "seed.json"
        seed_file.write_text(json.dumps({"logins": logins, "notes": notes}))
        first, again = Settings(data_dir=tmp_path / "first"), Settings(data_dir=tmp_path / "again")
        seed_task({"notes": SPEC}, seed_file, first)
        document = export_task([SPEC], first)
        assert document["logins"] == logins
        seed_file.write_text(json.dumps(document))
        seed_task({"notes": SPEC}, seed_file, again)
        assert (tmp_path / "again/notes.db").read_bytes() == (
            tmp_path / "first/notes.db"
        ).read_bytes()
    email_file = tmp_path / "email.json"
    email_file.write_text(json.dumps({"logins": ["alice"]}))
    seed_task({"email": get_spec("email")}, email_file, first, only="email")
    with pytest.raises(SeedError, match="seeded with different logins"):
        export_task([SPEC, get_spec("email")], first)
    seed_file.write_text(json.dumps({"notes": notes}))
    seed_task({"notes": SPEC}, seed_file, Settings(data_dir=tmp_path / "dev"))
    assert "logins" not in export_task([SPEC], Settings(data_dir=tmp_path / "dev"))


def test_ids_of_rows_nested_in_a_document_keep_pins_and_name_both_paths_of_a_clash() -> None:
    ctx = SeedContext("todo", datetime(2026, 3, 2, tzinfo=ZoneInfo("UTC")), ZoneInfo("UTC"))
    entries = [(None, ("lists", 0, "tasks", 0)), (1, ("lists", 1, "tasks", 0)), (None, ("x",))]
    assert ctx.allocate_ids_at(entries) == [2, 1, 3]
    with pytest.raises(SeedError) as raised:
        ctx.allocate_ids_at([(4, ("lists", 0, "tasks", 0)), (4, ("lists", 1, "tasks", 2))])
    assert "todo.lists[1].tasks[2].id: id 4 is already pinned at todo.lists[0].tasks[0]" in str(
        raised.value
    )


def test_one_task_seed_api_combines_header_sections_and_defaults(tmp_path: Path) -> None:
    from mock_services.core.seeding.seed import TaskSeed, seeded_services

    document = {"now": "2027-06-01T12:00:00Z", "logins": ["bob"], "notes": {"users": [USER]}}
    task_seed = TaskSeed.parse(document, ["notes", "other"], "seed.json")
    assert seeded_services(document) == ["notes"]
    assert task_seed.header.logins == ["bob"] and task_seed.sections == {"notes": {"users": [USER]}}
    other = replace(SPEC, name="other")
    combined = task_seed.with_defaults({"notes": SPEC, "other": other}).document()
    # the header stays as written, the file's section wins, the other service gets its default
    assert combined == {**document, "other": DEFAULT_SEED}
    scratch = tmp_path / "scratch"
    task_seed.check({"notes": SPEC}, scratch, TASK_SEED_CHECKS)
    assert not [p for p in scratch.iterdir() if p.name.endswith(".db")]


def test_the_task_seed_check_runs_the_loaders_natural_key_checks(tmp_path: Path) -> None:
    from mock_services.core.seeding.seed import TaskSeed

    notes = {"users": [USER], "notes": [{"owner": "nobody", "title": "x"}]}
    task_seed = TaskSeed.parse({"notes": notes}, ["notes"], "tasks/t/environment/seed.json")
    expected = r"seed.json: notes.notes\[0\].owner: unknown user 'nobody'"
    with pytest.raises(SeedError, match=expected):
        task_seed.check({"notes": SPEC}, tmp_path, TASK_SEED_CHECKS)


def test_a_service_alone_is_seeded_on_its_own_clock_a_task_on_its_header(tmp_path: Path) -> None:
    """A service's default world is where its users live (calendar's and health's: New York, on
    Monday morning there); a task's ``seed.json`` header names its own clock and wins."""
    from mock_services.core.base.clock import WorldClock
    from mock_services.core.seeding.seed import export_task

    new_york = WorldClock.morning_in("America/New_York")
    assert new_york.now == datetime(2026, 3, 2, 14, 0, tzinfo=ZoneInfo("UTC"))
    assert get_spec("calendar").default_clock == get_spec("health").default_clock == new_york
    spec = replace(SPEC, default_clock=new_york)
    alone = Settings(data_dir=tmp_path / "alone")
    seed_service(spec, DEFAULT_SEED, alone)
    header = export_task([spec], alone)
    assert (header["now"], header["timezone"]) == ("2026-03-02T14:00:00+00:00", "America/New_York")
    seed_file = tmp_path / "seed.json"
    seed_file.write_text(json.dumps({"timezone": "Europe/Paris", "notes": DEFAULT_SEED}))
    in_task = Settings(data_dir=tmp_path / "task")
    seed_task({"notes": spec}, seed_file, in_task)
    header = export_task([spec], in_task)
    assert (header["now"], header["timezone"]) == ("2026-03-02T09:00:00+00:00", "Europe/Paris")
