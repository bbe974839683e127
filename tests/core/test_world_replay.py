"""Determinism of a live world: a trajectory of the agent's calls at given world times, made
once live and then replayed from its audit log 100 times on fresh copies of the world, gives
byte-identical end states and audit logs (the host's real time aside)."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from mock_services.cli import main
from mock_services.core.base.clock import ClockMode, parse_absolute
from mock_services.core.base.schemas import AuditEntry
from mock_services.core.base.settings import Settings
from mock_services.core.data.world_marks import STARTED_NS
from mock_services.core.seeding.seed import TaskSeed, export_task
from mock_services.core.serve.replay import ReplayError, replay
from tests.core.conftest import NOTES_REF
from tests.core.notes_service import SPEC
from tests.core.test_world_events import NOTES, NOW, client_of, event
from tests.helpers import ApiClient, expect

REPLAYS = 100
Trajectory = list[tuple[int, str, str, dict[str, Any] | None]]
EVENTS = [
    event("after-30s", {"after": "30s"}),
    event("every-20s", {"after": "10s"}, repeat={"times": 3, "every": "20s"}),
    event("second-note", {"after_operation": {"operation": "create_note", "count": 2}}),
    event("first-look", {"after_operation": {"operation": "list_notes", "count": 1}}),
]
# (seconds of agent-phase time before the call, method, path, body)
TRAJECTORY: Trajectory = [
    (0, "GET", "/api/notes", None),
    (5, "POST", "/api/notes", {"title": "first"}),
    (12, "GET", "/api/notes", None),
    (20, "POST", "/api/notes", {"title": "second", "due": "2026-03-04T10:00:00Z"}),
    (31, "DELETE", "/api/notes/1", None),
    (55, "POST", "/api/notes", {"title": ""}),
    (61, "POST", "/api/notes", {"title": "last"}),
]
REFUSED_TRAJECTORY: Trajectory = [
    (0, "POST", "/api/notes", {"title": ""}),
    (1, "POST", "/api/notes", {"title": "first"}),
    (2, "DELETE", "/api/notes/99", None),
    (3, "POST", "/api/notes", {"title": ""}),
    (4, "POST", "/api/notes", {"title": "second"}),
    (12, "POST", "/api/notes", {"title": "x" * 201}),
    (13, "GET", "/api/notes", None),
    (31, "POST", "/api/notes", {"title": "third"}),
    (32, "DELETE", "/api/notes/1", None),
    (33, "DELETE", "/api/notes/1", None),
    (34, "POST", "/api/notes", {"title": ""}),
    (61, "POST", "/api/notes", {"title": "last"}),
]
"""Refused writes (422, 404) between served ones: they tick no clock, live or replayed."""


def seeded(data_dir: Path, clock: ClockMode = "running") -> Settings:
    settings = Settings(data_dir=data_dir)
    document = {
        "now": NOW,
        "clock": clock,
        "events": EVENTS,
        "notes": {**NOTES, "audit_reads": True},  # reads trigger an event: the log keeps them
    }
    task_seed = TaskSeed.parse(document, ["notes"], "seed.json")
    task_seed.seed({"notes": SPEC}, settings, ())
    return settings


def set_elapsed(settings: Settings, seconds: int) -> None:
    """Put the agent phase's start ``seconds`` of real time before now."""
    import time

    with sqlite3.connect(settings.db_path("notes")) as db:
        db.execute(
            "UPDATE _world_marks SET value = ? WHERE name = ?",
            (time.time_ns() - seconds * 1_000_000_000 - 500_000_000, STARTED_NS),
        )


def end_state(client: ApiClient, settings: Settings) -> str:
    """The export and the audit log (without the host's real time), as one text."""
    real_times = ("logged_ns", "received_ns")
    entries = [{k: v for k, v in e.items() if k not in real_times} for e in client.audit()]
    return json.dumps([export_task([SPEC], settings), entries], sort_keys=True)


def live_run(
    data_dir: Path, trajectory: Trajectory = TRAJECTORY, clock: ClockMode = "running"
) -> tuple[str, list[AuditEntry]]:
    settings = seeded(data_dir, clock)
    client = client_of(settings)
    expect(client.admin("POST", "/admin/world/start"), 200)
    for seconds, method, path, body in trajectory:
        set_elapsed(settings, seconds)
        client.request(method, path, json=body)
    entries = [AuditEntry.model_validate(e) for e in client.audit()]
    return end_state(client, settings), entries


def test_replays_of_a_trajectory_give_the_same_end_state(tmp_path: Path) -> None:
    original, entries = live_run(tmp_path / "live")
    vias = {e.via for e in entries}
    assert vias == {"http", "world"} and len(entries) >= 13, "the trajectory exercises the world"
    fired = sorted({e.event for e in entries if e.event})
    assert fired == ["after-30s", "every-20s", "first-look", "second-note"]
    assert_replays(seeded(tmp_path / "replay"), entries, original, REPLAYS)


@pytest.mark.parametrize("clock", ["frozen", "running"])
def test_replays_of_a_trajectory_with_refused_writes_give_the_same_end_state(
    tmp_path: Path, clock: ClockMode
) -> None:
    original, entries = live_run(tmp_path / "live", REFUSED_TRAJECTORY, clock)
    refused = [e for e in entries if e.status is not None and e.status >= 400]
    assert len(refused) == 6, [(e.path, e.status) for e in refused]
    if clock == "frozen":  # one second per request served, none per refused one
        served = len(entries) - len(refused)
        assert served == 8 and entries[-1].at == "2026-03-02T09:00:08Z", entries[-1]
    assert_replays(seeded(tmp_path / "replay", clock), entries, original, 10)


def assert_replays(
    settings: Settings, entries: list[AuditEntry], original: str, times: int
) -> None:
    """Replay ``entries`` ``times`` times on the world of ``settings``, each from its seed:
    every end state is ``original``."""
    client = client_of(settings)
    base = parse_absolute(NOW)
    events = TaskSeed.parse(
        {"now": NOW, "events": EVENTS, "notes": NOTES}, ["notes"], "seed.json"
    ).events
    assert client.app is not None
    for run in range(times):
        expect(client.admin("POST", "/admin/reset"), 200)
        expect(client.admin("POST", "/admin/world/start"), 200)
        replay(client.app.wsgi_app, entries, base, events)
        again = end_state(client, settings)
        assert again == original, f"replay {run + 1} of {times} differs from the live run"


def test_a_web_form_entry_cannot_be_replayed(tmp_path: Path) -> None:
    settings = seeded(tmp_path)
    client = client_of(settings)
    form = AuditEntry(
        id=1, at=NOW, method="POST", path="/notes", username="alice", status=303, via="ui",
        changes=[],
    )  # fmt: skip
    assert client.app is not None
    with pytest.raises(ReplayError, match=r"audit entry 1 .* came from a web form"):
        replay(client.app.wsgi_app, [form], parse_absolute(NOW), [])


def test_a_cut_body_cannot_be_replayed(tmp_path: Path) -> None:
    settings = seeded(tmp_path)
    client = client_of(settings)
    cut = AuditEntry(
        id=1, at=NOW, method="POST", path="/api/notes", username="alice", status=201,
        body={"title": "x...[truncated: 9000 chars]"}, changes=[],
    )  # fmt: skip
    assert client.app is not None
    with pytest.raises(ReplayError, match="cut short or with a secret hidden"):
        replay(client.app.wsgi_app, [cut], parse_absolute(NOW), [])


def test_the_cli_replays_a_trials_calls(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    original, entries = live_run(tmp_path / "live")
    calls = [{**e.model_dump(), "service": "notes"} for e in entries]
    calls_file = tmp_path / "calls.json"
    calls_file.write_text(json.dumps(calls))
    settings = seeded(tmp_path / "replay")
    argv = ["--data-dir", str(settings.data_dir), "world", "replay", NOTES_REF]
    assert main([*argv, "--calls", str(calls_file)]) == 0
    assert f"replayed {len(entries)} logged calls on notes" in capsys.readouterr().out
    assert end_state(client_of(settings), settings) == original
    calls_file.write_text("{}")
    assert main([*argv, "--calls", str(calls_file)]) == 1
    assert "expected a list of calls" in capsys.readouterr().err
