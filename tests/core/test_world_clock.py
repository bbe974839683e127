"""The world clock cannot be pushed by the agent: a refused request ticks no clock (API, MCP
tool, web form; frozen or running), a running clock runs at real speed whatever the agent's
request volume, so no flood fires a timed event early, and once the agent phase has ended the
agent's writes are refused while its reads, the admin's and the world's requests are not."""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from mock_services.core.base.clock import parse_absolute
from mock_services.core.base.keys import admin_token_path
from mock_services.core.base.settings import Settings
from mock_services.core.data.world_marks import STARTED_NS, mark_data_dir
from mock_services.core.seeding.seed import TaskSeed
from mock_services.core.serve.app import create_app
from mock_services.core.serve.seeding import TASK_SEED_CHECKS
from mock_services.registry import get_spec
from tests.core import test_world_events
from tests.core.test_world_events import NOW, backdate_start, client_of, event, seed_world, titles
from tests.form_assertions import as_browser
from tests.helpers import ApiClient, expect, expect_error
from tests.mcp_session import McpSession

live = test_world_events.live  # the fixture: a seeded notes world, its agent phase started
FLOOD = 300
"""Requests per flood: a quarter of a second's worth in the red team's report (1,300 a second)."""


def world_now(client: ApiClient) -> str:
    now: str = expect(client.get("/health"), 200)["now"]
    return now


def flood_refused(client: ApiClient, times: int = FLOOD) -> None:
    """``times`` refused writes: invalid bodies, a missing note, no login."""
    anonymous = client.anonymous()
    for n in range(times):
        if n % 3 == 0:
            expect(client.post("/api/notes", json={"title": ""}), 422)
        elif n % 3 == 1:
            expect(client.delete("/api/notes/999"), 404)
        else:
            expect(anonymous.post("/api/notes", json={"title": "x"}), 401)


def fired(client: ApiClient) -> list[int]:
    """How many times each event has fired, in the seed's order."""
    return [e["fired"] for e in expect(client.admin("GET", "/admin/world"), 200)["events"]]


def ticks(settings: Settings) -> list[tuple[int, int]]:
    """(status, clock tick) of each audit row, oldest first."""
    with sqlite3.connect(settings.db_path("notes")) as db:
        return db.execute("SELECT status, tick FROM _audit_requests ORDER BY id").fetchall()


def test_refused_writes_move_no_frozen_clock_on_any_channel(tmp_path: Path) -> None:
    settings = seed_world(tmp_path, [])
    client = client_of(settings)
    before = world_now(client)
    flood_refused(client)
    refused = McpSession(client).call("create_note", {"title": ""})
    assert refused.get("isError"), f"expected a refused tool call, got {refused}"
    assert world_now(client) == before, f"{FLOOD + 1} refused writes moved the world's clock"
    note = expect(client.post("/api/notes", json={"title": "served"}), 201)
    assert note["created_at"] == "2026-03-02T09:00:01Z", "the first write served is tick 1"
    logged = ticks(settings)
    assert len(logged) == FLOOD + 2, "every refused write is still in the audit log"
    assert logged[-1] == (201, 1) and {tick for _s, tick in logged[:-1]} == {0}, logged[-3:]


def test_a_flood_fires_no_frozen_delay_early(live: Callable[..., Any]) -> None:
    _settings, client = live([event("later", {"after": "3s"})])
    flood_refused(client)
    assert "from later" not in titles(client), "refused writes fired a 3-write delay"
    for n in range(3):
        assert "from later" not in titles(client)
        expect(client.post("/api/notes", json={"title": f"n{n}"}), 201)
    assert titles(client)[-1] == "from later", "the third write served fires it"


def test_a_running_clock_runs_at_real_speed_under_a_flood(live: Callable[..., Any]) -> None:
    """Refused and served writes alike: after a flood of both the world's time has moved no
    further than real time, an ``after: 10m`` and an ``at: +10m`` event wait for ten real
    minutes, and the writes' own times, equal to the second, are still in their order."""
    settings, client = live(
        [event("after-ten", {"after": "10m"}), event("at-ten", {"at": "+10m"})], clock="running"
    )
    started = time.monotonic()
    flood_refused(client)
    for n in range(FLOOD):
        expect(client.post("/api/notes", json={"title": f"n{n}"}), 201)
    real = time.monotonic() - started
    moved = (parse_absolute(world_now(client)) - parse_absolute(NOW)).total_seconds()
    assert moved <= real + 1, f"{2 * FLOOD} writes in {real:.1f} s moved the world {moved} s"
    assert fired(client) == [0, 0], "an event fired early"
    with sqlite3.connect(settings.db_path("notes")) as db:
        created = [row[0] for row in db.execute("SELECT created_at FROM notes ORDER BY id")]
    assert created[1:] == sorted(set(created[1:])), "two writes share one time, or go back"
    backdate_start(settings, 10 * 60)
    expect(client.get("/api/notes"), 200)
    assert fired(client) == [1, 1], "ten minutes on, both fire"


def test_the_agents_writes_after_the_agent_phase_are_refused(live: Callable[..., Any]) -> None:
    _settings, client = live([event("late", {"at": "+1h"})], clock="running")
    expect(client.post("/api/notes", json={"title": "in time"}), 201)
    expect(client.admin("POST", "/admin/world/end"), 200)
    error = expect_error(client.post("/api/notes", json={"title": "late"}), 409)
    assert error["code"] == "agent_phase_ended" and "agent phase has ended" in error["message"]
    expect_error(client.delete("/api/notes/1"), 409, "agent_phase_ended")
    tool = McpSession(client).call("create_note", {"title": "late by tool"})
    assert tool.get("isError") and "agent phase has ended" in tool["content"][0]["text"], tool
    assert titles(client) == ["Buy milk", "in time"], "reads still work, and nothing was written"
    assert [(e["status"], e["via"]) for e in client.audit()][-3:] == [
        (409, "http"),
        (409, "http"),
        (409, "mcp"),
    ], "the refused writes are in the audit log"
    expect(client.admin("GET", "/admin/world"), 200)  # the admin's routes are not the agent's


def test_no_world_event_fires_after_the_agent_phase(live: Callable[..., Any]) -> None:
    """The verifier reads the state the agent left: an event whose time the held clock has
    passed does not fire on a later request."""
    settings, client = live([event("late", {"at": "+1h"})], clock="running")
    expect(client.admin("POST", "/admin/world/end"), 200)
    with sqlite3.connect(settings.db_path("notes")) as db:  # the phase lasted two hours
        db.execute(
            "UPDATE _world_marks SET value = value - 7200 * 1000000000 WHERE name = ?",
            (STARTED_NS,),
        )
    assert world_now(client) == "2026-03-02T11:00:00Z", "the clock holds two hours in"
    assert titles(client) == ["Buy milk"]
    assert fired(client) == [0]


def test_a_still_world_takes_writes_after_its_marks(tmp_path: Path) -> None:
    """A world without events, personas or a running clock has no agent phase to bound (a
    runner's marks find nothing to start there): it takes writes as before."""
    settings = seed_world(tmp_path, [])
    client = client_of(settings)
    assert mark_data_dir(settings.data_dir, "arm") == ["notes"]
    expect(client.post("/api/notes", json={"title": "mine"}), 201)
    mark_data_dir(settings.data_dir, "end")
    expect(client.post("/api/notes", json={"title": "still mine"}), 201)


def todolist(data_dir: Path, **header: Any) -> ApiClient:
    """The todolist's default data in a task seed with ``header``, served in process, with
    alice logged in as a browser is."""
    spec = get_spec("todolist")
    settings = Settings(data_dir=data_dir)
    document = {"now": NOW, **header, "todolist": spec.default_seed()}
    TaskSeed.parse(document, ["todolist"], "seed.json").seed(
        {"todolist": spec}, settings, TASK_SEED_CHECKS
    )
    app = create_app(spec, settings)
    token = admin_token_path(settings).read_text().strip()
    client = ApiClient("http://todolist.test", token, app).login("alice", "alice-pass")
    return as_browser(client)


def add_reminder(client: ApiClient, remind_at: str) -> Any:
    referer = {"Referer": f"{client.base_url}/tasks/1"}
    form = {"remind_at": remind_at}
    return client.post("/tasks/1/reminders", data=form, headers=referer, allow_redirects=False)


def test_refused_web_forms_move_no_clock(tmp_path: Path) -> None:
    client = todolist(tmp_path)
    before = world_now(client)
    for _ in range(20):
        assert add_reminder(client, "2020-01-01T09:00").status_code == 422
    assert world_now(client) == before, "refused forms moved the world's clock"
    assert add_reminder(client, "2026-03-09T09:00").status_code == 303
    assert world_now(client) > before, "a form served ticks the clock"


def test_a_web_form_after_the_agent_phase_is_refused(tmp_path: Path) -> None:
    client = todolist(tmp_path, clock="running")
    expect(client.admin("POST", "/admin/world/start"), 200)
    expect(client.admin("POST", "/admin/world/end"), 200)
    refused = add_reminder(client, "2026-03-09T09:00")
    assert refused.status_code == 409 and "agent phase has ended" in refused.text, (
        f"expected the form shown again with a 409, got {refused.status_code}"
    )
    assert client.get("/tasks/1").status_code == 200, "pages still read"
