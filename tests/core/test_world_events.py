"""World events and the running clock, on the core's notes service in this process: what fires
when, as whom, how the audit log and the SDK see it, and the seed errors of a bad event."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from mock_services.core.base.clock import Clock
from mock_services.core.base.keys import admin_token_path
from mock_services.core.base.settings import Settings
from mock_services.core.data.world_marks import STARTED_NS, AgentPhase, mark_data_dir
from mock_services.core.seeding.seed import SeedError, TaskSeed, export_task
from mock_services.core.seeding.world_events import WorldEvent
from mock_services.core.serve.app import create_app
from mock_services.core.serve.seeding import TASK_SEED_CHECKS
from mock_services.core.web.world import World, WorldSnapshot
from mock_services.verify import (
    after_event,
    before_event,
    diff_service,
    event_fired,
    expect_changes,
    performed,
)
from mock_services.verify.unknown import UnknownName
from tests.core.notes_service import DEFAULT_SEED, SPEC
from tests.helpers import ApiClient, expect
from tests.mcp_session import McpSession
from tests.world_window import intruding

NOW = "2026-03-02T09:00:00Z"
BOB = {"username": "bob", "password": "bob-pass", "display_name": "Bob", "email": "bob@x.test"}
NOTES = {**DEFAULT_SEED, "users": [*DEFAULT_SEED["users"], BOB]}


def event(id_: str, when: dict[str, Any], **fields: Any) -> dict[str, Any]:
    """A notes event: bob-free, alice adds a note titled after the event unless told."""
    return {
        "id": id_,
        "service": "notes",
        "operation": "create_note",
        "as": "alice",
        "body": {"title": f"from {id_}"},
        "when": when,
        **fields,
    }


def seed_world(data_dir: Path, events: list[dict[str, Any]], **header: Any) -> Settings:
    settings = Settings(data_dir=data_dir)
    document = {"now": NOW, **header, "events": events, "notes": NOTES}
    TaskSeed.parse(document, ["notes"], "seed.json").seed(
        {"notes": SPEC}, settings, TASK_SEED_CHECKS
    )
    return settings


def client_of(settings: Settings) -> ApiClient:
    app = create_app(SPEC, settings)  # makes the admin token
    token = admin_token_path(settings).read_text().strip()
    return ApiClient("http://notes.test", token, app).login("alice", "alice-pass")


def titles(client: ApiClient) -> list[str]:
    return [note["title"] for note in expect(client.get("/api/notes"), 200)["items"]]


def backdate_start(settings: Settings, seconds: int) -> None:
    """Move the agent phase's start ``seconds`` into the past (as if it had run that long)."""
    with sqlite3.connect(settings.db_path("notes")) as db:
        db.execute(
            "UPDATE _world_marks SET value = value - ? WHERE name = ?",
            (seconds * 1_000_000_000, STARTED_NS),
        )


@pytest.fixture
def live(tmp_path: Path) -> Callable[..., tuple[Settings, ApiClient]]:
    def make(events: list[dict[str, Any]], *, start: bool = True, **header: Any) -> Any:
        settings = seed_world(tmp_path, events, **header)
        client = client_of(settings)
        if start:
            expect(client.admin("POST", "/admin/world/start"), 200)
        return settings, client

    return make


def test_a_still_world_answers_its_state(tmp_path: Path) -> None:
    client = client_of(seed_world(tmp_path, []))
    world = expect(client.admin("GET", "/admin/world"), 200)
    assert world == {
        "service": "notes",
        "clock": "frozen",
        "agent_phase": "before",
        "now": "2026-03-02T09:00:00Z",
        "events": [],
    }


def test_nothing_fires_before_the_agent_phase(live: Callable[..., Any]) -> None:
    _settings, client = live([event("now", {"at": "-1h"})], start=False)
    assert titles(client) == ["Buy milk"]
    assert expect(client.admin("GET", "/admin/world"), 200)["agent_phase"] == "before"
    expect(client.admin("POST", "/admin/world/start"), 200)
    assert titles(client) == ["Buy milk", "from now"], "a past event fires at the first request"


def test_an_event_is_logged_as_the_worlds_with_its_id_and_user(live: Callable[..., Any]) -> None:
    settings, client = live([event("reminder", {"at": "-1m"}, **{"as": "bob"})])
    expect(client.post("/api/notes", json={"title": "mine"}), 201)
    entries = client.audit()
    assert [(e["via"], e["event"], e["username"]) for e in entries] == [
        ("world", "reminder", "bob"),
        ("http", None, "alice"),
    ]
    assert entries[0]["operation"] == "create_note" and entries[0]["status"] == 201
    assert [e.via for e in performed("notes", "create_note", directory=settings.data_dir)] == [
        "http"
    ], "performed() is the agent's: the world's entry is left out"


def test_a_frozen_clock_moves_one_second_per_write_so_a_delay_counts_writes(
    live: Callable[..., Any],
) -> None:
    _settings, client = live([event("later", {"after": "3s"})])
    for n in range(3):
        assert "from later" not in titles(client)
        expect(client.post("/api/notes", json={"title": f"n{n}"}), 201)
    assert titles(client)[-1] == "from later"


def test_a_running_clock_moves_with_the_agent_phase_and_stops_at_its_end(
    live: Callable[..., Any],
) -> None:
    settings, client = live([event("at-ten", {"at": "+10m"})], clock="running")
    assert "from at-ten" not in titles(client)
    backdate_start(settings, 9 * 60)
    assert "from at-ten" not in titles(client)
    backdate_start(settings, 2 * 60)
    assert titles(client)[-1] == "from at-ten"
    note = expect(client.post("/api/notes", json={"title": "timed"}), 201)
    assert note["created_at"] == "2026-03-02T09:11:00Z", "11 minutes in: writes add no second"
    assert expect(client.admin("POST", "/admin/world/end"), 200)["agent_phase"] == "ended"
    with sqlite3.connect(settings.db_path("notes")) as db:  # the phase lasted 5 minutes
        db.execute(
            "UPDATE _world_marks SET value = (SELECT value FROM _world_marks WHERE name = ?) "
            "+ 300 * 1000000000 WHERE name = 'agent_ended_ns'",
            (STARTED_NS,),
        )
    world = expect(client.admin("GET", "/admin/world"), 200)
    assert world["now"] == "2026-03-02T09:05:00Z", "the clock holds where the phase ended"


def test_an_operation_trigger_fires_after_the_nth_successful_call(
    live: Callable[..., Any],
) -> None:
    settings, client = live(
        [event("second", {"after_operation": {"operation": "create_note", "count": 2}})]
    )
    expect(client.post("/api/notes", json={"title": ""}), 422)  # a refused call does not count
    expect(client.post("/api/notes", json={"title": "one"}), 201)
    assert "from second" not in titles(client)
    expect(client.post("/api/notes", json={"title": "two"}), 201)
    assert titles(client)[-1] == "from second", "it fired before the agent's next request"
    fired = event_fired("notes", "second", directory=settings.data_dir)
    assert fired is not None and fired.via == "world"
    mine = performed("notes", "create_note", directory=settings.data_dir)
    assert [
        e.body["title"] for e in before_event("notes", "second", mine, directory=settings.data_dir)
    ] == ["one", "two"]
    assert after_event("notes", "second", mine, directory=settings.data_dir) == []


def test_a_read_can_trigger_an_event(live: Callable[..., Any]) -> None:
    _settings, client = live([event("looked", {"after_operation": {"operation": "list_notes"}})])
    assert titles(client) == ["Buy milk"]
    assert titles(client) == ["Buy milk", "from looked"]


@pytest.mark.parametrize(
    ("trigger", "call"),
    [
        ("create_note", lambda c: expect(c.post("/api/notes", json={"title": "go"}), 201)),
        ("list_notes", lambda c: expect(c.get("/api/notes"), 200)),
    ],
    ids=["a-write", "a-read"],
)
def test_an_event_is_atomic_with_the_call_that_fires_it(
    live: Callable[..., Any],
    monkeypatch: pytest.MonkeyPatch,
    trigger: str,
    call: Callable[[ApiClient], Any],
) -> None:
    """A write of the agent's sent once its call has committed and before the event that call
    fires (another thread, deterministically: see ``tests.world_window``) waits for the event:
    the red team's checkout that landed between a cart add and the sell-out it fired."""
    _settings, client = live([event("then", {"after_operation": {"operation": trigger}})])
    other = client.as_user("alice", "alice-pass")
    with intruding(monkeypatch, lambda: other.post("/api/notes", json={"title": "in"})) as sent:
        call(client)
    assert sent.join().status_code == 201, sent.join().text
    assert sent.served_in_window is False, (
        "the other write was served between the call and its event; expected it to wait"
    )
    mine = [e for e in client.audit() if e["operation"] == "create_note"]
    assert [(e["via"], e["body"]["title"]) for e in mine][-2:] == [
        ("world", "from then"),
        ("http", "in"),
    ], "the event is written before the write sent in its window"


def test_any_of_several_operations_counts_towards_one_count(live: Callable[..., Any]) -> None:
    either = {"after_operation": {"operation": ["create_note", "delete_note"], "count": 2}}
    _settings, client = live([event("either", either)])
    expect(client.post("/api/notes", json={"title": "one"}), 201)
    assert "from either" not in titles(client), "one call of the two counted so far"
    expect(client.delete("/api/notes/1"), 204)
    assert titles(client) == ["one", "from either"], "the second call, of the other operation"
    expect(client.post("/api/notes", json={"title": "two"}), 201)
    assert titles(client).count("from either") == 1, "it fired once"


def test_calls_count_only_once_the_event_named_since_has_fired(
    live: Callable[..., Any],
) -> None:
    first = event("first", {"after_operation": {"operation": "create_note"}})
    then = event(
        "then", {"after_operation": {"operation": ["create_note", "list_notes"], "since": "first"}}
    )
    _settings, client = live([first, then])
    assert titles(client) == ["Buy milk"], "a read before 'first' fired does not count"
    expect(client.post("/api/notes", json={"title": "mine"}), 201)
    assert titles(client) == ["Buy milk", "mine", "from first"], (
        "the call that fired 'first' was not counted for 'then'"
    )
    assert titles(client)[-1] == "from then", "the next call after 'first' fired"


def test_where_counts_only_the_calls_with_those_fields(live: Callable[..., Any]) -> None:
    go = {"after_operation": {"operation": "create_note", "where": {"title": "Go"}}}
    gone = {"after_operation": {"operation": "delete_note", "where": {"note_id": 2}}}
    _settings, client = live([event("go", go), event("gone", gone)])
    expect(client.post("/api/notes", json={"title": "wait"}), 201)
    expect(client.delete("/api/notes/1"), 204)
    assert titles(client) == ["wait"], "neither call had the fields asked for"
    McpSession(client).call("create_note", {"title": " go "})
    assert titles(client) == ["wait", " go ", "from go"], "a tool call's field, case aside"
    expect(client.delete("/api/notes/2"), 204)
    assert titles(client) == [" go ", "from go", "from gone"], "the path parameter named"
    world = expect(client.admin("GET", "/admin/world"), 200)["events"]
    assert [(e["id"], e["fired"]) for e in world] == [("go", 1), ("gone", 1)], world


def test_repeat_fires_each_occurrence_once(live: Callable[..., Any]) -> None:
    settings, client = live(
        [event("tick", {"after": "0s"}, repeat={"times": 3, "every": "10m"})], clock="running"
    )
    assert titles(client).count("from tick") == 1
    backdate_start(settings, 25 * 60)
    assert titles(client).count("from tick") == 3
    backdate_start(settings, 60 * 60)
    assert titles(client).count("from tick") == 3, "times bounds the occurrences"
    world = expect(client.admin("GET", "/admin/world"), 200)
    assert world["events"] == [{"id": "tick", "operation": "create_note", "fired": 3, "times": 3}]


def test_a_refused_event_is_logged_once_and_not_retried(live: Callable[..., Any]) -> None:
    gone = event("gone", {"at": "-1m"}, operation="delete_note", params={"note_id": 99}, body=None)
    _settings, client = live([gone])
    titles(client)
    titles(client)
    entries = client.audit()
    assert [(e["event"], e["status"]) for e in entries] == [("gone", 404)]


def test_reset_forgets_the_agent_phase_and_the_events(live: Callable[..., Any]) -> None:
    _settings, client = live([event("now", {"at": "-1m"})])
    assert "from now" in titles(client)
    expect(client.admin("POST", "/admin/reset"), 200)
    assert titles(client) == ["Buy milk"], "after a reset, the agent phase has not started"
    assert expect(client.admin("GET", "/admin/world"), 200)["agent_phase"] == "before"


def test_the_agent_phase_marks_are_no_change_of_the_agents(live: Callable[..., Any]) -> None:
    """Marking the agent phase, and counting the calls an event waits for, write the core's own
    table: a verifier's "nothing else changed" never sees them."""
    trigger = {"after_operation": {"operation": "list_notes", "count": 5}}
    settings, client = live([event("later", trigger)])
    titles(client)  # one call counted, the event still waits
    assert expect_changes("notes", [], directory=settings.data_dir).surprises == []
    assert "_world_marks" not in diff_service("notes", directory=settings.data_dir).tables


def test_an_unknown_event_id_in_a_verifier_is_a_loud_error(live: Callable[..., Any]) -> None:
    settings, _client = live([event("reminder", {"at": "+1h"})])
    assert event_fired("notes", "reminder", directory=settings.data_dir) is None
    with pytest.raises(UnknownName, match=r"no world event 'remider'.*closest: 'reminder'"):
        event_fired("notes", "remider", directory=settings.data_dir)


def test_the_cli_marks_every_seeded_db_once(live: Callable[..., Any]) -> None:
    settings, _client = live([event("x", {"at": "+1h"})], start=False)
    assert mark_data_dir(settings.data_dir, "start") == ["notes"]
    assert mark_data_dir(settings.data_dir, "start") == [], "the first start stands"
    assert mark_data_dir(settings.data_dir, "end") == ["notes"]


def test_export_gives_the_events_and_clock_back(live: Callable[..., Any]) -> None:
    settings, _client = live(
        [event("later", {"at": "+1d 10:00"}, body={"title": "t", "due": {"$date": "+2d 09:00"}})],
        clock="running",
    )
    exported = export_task([SPEC], settings)
    assert exported["clock"] == "running"
    assert exported["events"] == [
        {
            "id": "later",
            "service": "notes",
            "operation": "create_note",
            "as": "alice",
            "body": {"title": "t", "due": {"$date": "+2d 09:00"}},
            "when": {"at": "+1d 10:00"},
        }
    ]
    again = seed_world(settings.data_dir / "again", exported["events"], clock="running")
    assert export_task([SPEC], again)["events"] == exported["events"]


def test_the_body_dates_resolve_under_the_seed_clock(live: Callable[..., Any]) -> None:
    body = {"title": "dated", "due": {"$date": "+1d 18:00"}}
    _settings, client = live([event("dated", {"at": "-1m"}, body=body)], timezone="Europe/Paris")
    note = expect(client.get("/api/notes"), 200)["items"][-1]
    assert note["due"] == "2026-03-03T17:00:00Z"


BAD_EVENTS = [
    ({"service": "nots"}, "seed.events[0].service: unknown service 'nots'; did you mean 'notes'?"),
    (
        {"operation": "create_nte"},
        "seed.events[0].operation: notes has no operation 'create_nte' that changes data; "
        "did you mean 'create_note'",
    ),
    (
        {"operation": "list_notes"},
        "seed.events[0].operation: notes has no operation 'list_notes' that changes data",
    ),
    ({"as": "carol"}, "seed.events[0].as: 'carol' is no user of notes"),
    ({"as": None}, "seed.events[0].as: create_note is done by a user: name the seeded one"),
    (
        {"body": {"title": "x", "titel": "y"}},
        "seed.events[0].body.titel: Extra inputs are not permitted",
    ),
    ({"body": {"title": ""}}, "seed.events[0].body.title: String should have at least 1 character"),
    (
        {"operation": "delete_note", "body": None, "params": {"id": 1}},
        "seed.events[0].params.id: DELETE /api/notes/<int:note_id> has no path parameter 'id'",
    ),
    (
        {"operation": "delete_note", "body": None, "params": {"note_id": "one"}},
        "seed.events[0].params.note_id: expected an integer, got 'one'",
    ),
    (
        {"when": {"after_operation": {"operation": "list_note"}}},
        "seed.events[0].when.after_operation.operation: notes has no operation 'list_note'; "
        "did you mean 'list_notes'",
    ),
    (
        {"when": {"at": "+1h", "after": "5m"}},
        "seed.events[0].when: an event fires on exactly one of 'at'",
    ),
    ({"when": {"after": "5 minutes"}}, "seed.events[0].when.after: '5 minutes' is not a duration"),
    ({"when": {"at": "tomorrow"}}, "seed.events[0].when.at: 'tomorrow' is not a date"),
    ({"repeat": {"times": 2}}, "seed.events[0]: repeat.every: a timed event repeats every so long"),
    ({"id": "Bad Id"}, "seed.events[0].id: String should match pattern"),
    (
        {"when": {"after_operation": {"operation": ["create_note", "list_note"]}}},
        "seed.events[0].when.after_operation.operation[1]: notes has no operation 'list_note'; "
        "did you mean 'list_notes'",
    ),
    (
        {"when": {"after_operation": {"operation": []}}},
        "seed.events[0].when.after_operation.operation: expected an operation's "
        "name, or a list of one or more names",
    ),
    (
        {"when": {"after_operation": {"operation": ["list_notes", "list_notes"]}}},
        "seed.events[0].when.after_operation.operation: an operation is listed twice",
    ),
    (
        {"when": {"after_operation": {"operation": "create_note", "where": {"titel": "x"}}}},
        "seed.events[0].when.after_operation.where.titel: create_note has no field 'titel'; "
        "did you mean 'title'?",
    ),
    (
        {
            "when": {
                "after_operation": {
                    "operation": ["create_note", "delete_note"],
                    "where": {"title": "x"},
                }
            }
        },
        "seed.events[0].when.after_operation.where.title: delete_note has no field 'title'; "
        "expected one of: note_id",
    ),
    (
        {"when": {"after_operation": {"operation": "create_note", "where": {"recipients": "x"}}}},
        "seed.events[0].when.after_operation.where.recipients: create_note has no field "
        "'recipients'",
    ),
    (
        {"when": {"after_operation": {"operation": "create_note", "where": {"title": 1.5}}}},
        "seed.events[0].when.after_operation.where: title: expected text, a whole number or "
        "true/false to compare the call's field with, got 1.5",
    ),
    (
        {"when": {"after_operation": {"operation": "create_note", "since": "ee"}}},
        "seed.events[0].when.after_operation.since: no event 'ee' of notes (calls count since "
        "an event of the same service); did you mean 'e'?",
    ),
    (
        {"when": {"after_operation": {"operation": "create_note", "since": "e"}}},
        "seed.events[0].when.after_operation.since: events wait for each other (e -> e): none "
        "of them would ever count a call",
    ),
    (
        {"body": {"title": "x", "due": {"$date": "soon"}}},
        "seed.events[0].body: 'soon' is not a date",
    ),
]


@pytest.mark.parametrize(("change", "message"), BAD_EVENTS, ids=[m[:40] for _c, m in BAD_EVENTS])
def test_a_bad_event_is_a_seed_error_naming_its_path(
    tmp_path: Path, change: dict[str, Any], message: str
) -> None:
    bad = {**event("e", {"at": "+1h"}), **change}
    with pytest.raises(SeedError) as caught:
        seed_world(tmp_path, [bad])
    assert message in str(caught.value), f"expected {message!r} in:\n{caught.value}"
    assert not (tmp_path / "notes.db").exists(), "a bad event seeds nothing"


def test_events_that_count_since_each_other_are_refused(tmp_path: Path) -> None:
    def since(other: str) -> dict[str, Any]:
        return {"after_operation": {"operation": "list_notes", "since": other}}

    events = [event("a", since("b")), event("b", since("c")), event("c", since("b"))]
    with pytest.raises(SeedError) as caught:
        seed_world(tmp_path, events)
    assert "seed.events[1].when.after_operation.since: events wait for each other " in str(
        caught.value
    ) and "(b -> c -> b)" in str(caught.value), str(caught.value)


def test_two_events_with_one_id_are_refused(tmp_path: Path) -> None:
    with pytest.raises(SeedError, match="two events have the id 'e'"):
        seed_world(tmp_path, [event("e", {"at": "+1h"}), event("e", {"at": "+2h"})])


def test_the_meta_keeps_each_events_index_for_export(live: Callable[..., Any]) -> None:
    settings, _client = live([event("a", {"at": "+1h"}), event("b", {"at": "+2h"})])
    with sqlite3.connect(settings.db_path("notes")) as db:
        (stored,) = db.execute("SELECT value FROM _meta WHERE key = 'events'").fetchone()
    assert [index for index, _e in json.loads(stored)] == [0, 1]


def test_a_tool_call_counts_as_the_agents_call(live: Callable[..., Any]) -> None:
    _settings, client = live([event("by-tool", {"after_operation": {"operation": "create_note"}})])
    McpSession(client).call("create_note", {"title": "through MCP"})
    assert titles(client)[-2:] == ["through MCP", "from by-tool"]
    assert [e["via"] for e in client.audit()] == ["mcp", "world"]


def test_the_agents_first_login_can_trigger_an_event(live: Callable[..., Any]) -> None:
    _settings, client = live([event("welcome", {"after_operation": {"operation": "login"}})])
    assert titles(client) == ["Buy milk"], "the login before the agent phase does not count"
    client.login("alice", "alice-pass")
    assert titles(client) == ["Buy milk", "from welcome"]


def test_an_armed_phase_starts_at_the_agents_first_request(live: Callable[..., Any]) -> None:
    settings, client = live([event("at-once", {"after": "0s"})], start=False, clock="running")
    assert mark_data_dir(settings.data_dir, "arm") == ["notes"]
    world = expect(client.admin("GET", "/admin/world"), 200)
    assert world["agent_phase"] == "armed", "the admin's reads do not start it"
    assert expect(client.admin("GET", "/admin/world"), 200)["events"][0]["fired"] == 0
    assert titles(client) == ["Buy milk", "from at-once"], "the agent's first request starts it"
    assert expect(client.admin("GET", "/admin/world"), 200)["agent_phase"] == "running"
    assert mark_data_dir(settings.data_dir, "arm") == [], "a started phase is not armed again"


@pytest.mark.parametrize("tick", [0, 7])
def test_a_timed_event_is_due_from_its_exact_second_on_a_running_clock(tick: int) -> None:
    """The snapshot's one-comparison check (``due_from``) agrees with the clock to the second,
    whatever the ticks' microseconds add."""
    base = datetime(2026, 3, 2, 9, tzinfo=UTC)
    later = WorldEvent.model_validate(event("later", {"after": "10m"}))
    world = World([later], Clock(base, ZoneInfo("UTC"), "running"), "UTC", {})
    snapshot = WorldSnapshot(AgentPhase(started_ns=0), tick, base, {}, {}, world)
    assert snapshot.due(599) == [], "one second early"
    assert snapshot.due(600) == [(later, 1)]
    assert (
        WorldSnapshot(AgentPhase(started_ns=0), tick, base, {"later": 1}, {}, world).due(10**6)
        == []
    ), "an occurrence fired is not due again"


def test_a_frozen_clock_makes_an_event_due_by_ticks_whatever_the_time() -> None:
    base = datetime(2026, 3, 2, 9, tzinfo=UTC)
    later = WorldEvent.model_validate(event("later", {"after": "3s"}))
    world = World([later], Clock(base, ZoneInfo("UTC")), "UTC", {})
    assert WorldSnapshot(AgentPhase(started_ns=0), 2, base, {}, {}, world).due(10**6) == []
    assert WorldSnapshot(AgentPhase(started_ns=0), 3, base, {}, {}, world).due(0) == [(later, 1)]
