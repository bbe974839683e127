"""Each adapter on its fixtures: what it imports, a test for every warning it can raise, and
malformed records refused by file, record and field while the rest of the batch imports."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest
import yaml

from taskkit.importers import ADAPTERS
from tests.importers.conftest import FIXTURES, SOURCES, fields, import_fixture

# source -> (tasks imported, not runnable here) from its fixture folder
COUNTS = {
    "claw-eval": (10, 1),
    "wild-claw-bench": (10, 0),
    "webarena": (20, 0),
    "mind2web": (16, 0),
    "webvoyager": (16, 0),
    "clawbench": (13, 0),
}
# warnings the fixtures raise as they are (field, with record indexes as [i])
FIXTURE_WARNINGS = {
    "claw-eval": [
        "license",
        "now",
        "environment.max_turns",
        "fixtures/gmail message_id",
        "fixtures/gmail labels",
        "fixtures/calendar event_id",
        "fixtures/calendar attendees",
        "fixtures/contacts contact_id",
        "services[i].name",
        "scoring_components[i].check",
        "tools[i] gmail_list_messages.days_back",
    ],
    "wild-claw-bench": [
        "## Prompt",
        "## Automated Checks",
        "## Workspace Path",
        "## Skills",
        "## Env",
        "## Warmup",
    ],
    "webarena": [
        "start_url",
        "time_limit",
        "storage_state",
        "reference_action_sequence",
        "eval.program_html",
        "eval.reference_answers",
    ],
    "mind2web": ["time_limit", "reference_length", "trajectory"],
    "webvoyager": ["time_limit"],
    "clawbench": ["start_url", "eval_schema", "extra_info"],
}


def _indexless(field: str) -> str:
    return re.sub(r"\[\d+\]", "[i]", field)


@pytest.mark.parametrize("source", SOURCES)
def test_every_source_imports_its_fixtures(source: str, imported) -> None:
    _out, result = imported[source]
    assert (len(result.tasks), len(result.skipped)) == COUNTS[source]
    assert result.log.refusals == []
    for task in result.tasks:
        assert task.provenance.source == source
        assert task.provenance.upstream_commit == ADAPTERS[source].pin.commit
        assert set(task.layers) <= set(ADAPTERS[source].layers)


@pytest.mark.parametrize(
    ("source", "field"), [(s, f) for s, names in FIXTURE_WARNINGS.items() for f in names]
)
def test_fixture_warnings(source: str, field: str, imported) -> None:
    _out, result = imported[source]
    hits = [w for w in result.log.warnings if _indexless(w.field) == field]
    assert hits, f"{source}: no warning on {field}"
    warning = hits[0]
    assert warning.source == source and warning.commit == ADAPTERS[source].pin.commit
    assert warning.task and warning.default


def _edit_yaml(path: Path, change: Callable[[dict], None]) -> None:
    data = yaml.safe_load(path.read_text())
    change(data)
    path.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True))


def _edit_json(path: Path, change: Callable[[list], None]) -> None:
    data = json.loads(path.read_text())
    change(data)
    path.write_text(json.dumps(data))


def _edit_json_object(path: Path, change: Callable[[dict], None]) -> None:
    data = json.loads(path.read_text())
    change(data)
    path.write_text(json.dumps(data))


def _md(path: Path, old: str, new: str) -> None:
    path.write_text(path.read_text().replace(old, new, 1))


T901 = "T901_meeting_reply/task.yaml"
WILD = "04_Search_Retrieval_task_5_fuzzy_search.md"
MUTATED_WARNINGS = [
    (
        "claw-eval",
        T901,
        lambda p: _edit_yaml(p, lambda d: d.pop("environment")),
        "environment.timeout_seconds",
    ),
    (
        "claw-eval",
        T901,
        lambda p: _edit_yaml(p, lambda d: d["prompt"].update(language="zh")),
        "prompt.language",
    ),
    (
        "claw-eval",
        T901,
        lambda p: _edit_yaml(p, lambda d: d.update(difficulty="extreme")),
        "difficulty",
    ),
    (
        "claw-eval",
        T901,
        lambda p: _edit_yaml(
            p, lambda d: d["scoring_components"][1]["check"].update(field="summary")
        ),
        "scoring_components[1].check.field",
    ),
    (
        "claw-eval",
        T901,
        lambda p: _edit_yaml(p, lambda d: d.pop("reference_solution")),
        "reference_solution",
    ),
    (
        "claw-eval",
        T901,
        lambda p: _edit_yaml(p, lambda d: d.update(expected_actions=["reply please"])),
        "expected_actions[0]",
    ),
    (
        "claw-eval",
        T901,
        lambda p: _edit_yaml(
            p, lambda d: d["tools"].append({"name": "gmail_snooze", "input_schema": {}})
        ),
        "tools[3] gmail_snooze",
    ),
    (
        "webarena",
        "test.raw.sample18.json",
        lambda p: _edit_json(p, lambda d: d[0].update(geolocation="Pittsburgh")),
        "geolocation",
    ),
    (
        "mind2web",
        "Online_Mind2Web.sample16.json",
        lambda p: _edit_json(p, lambda d: d[0].update(level="expert")),
        "level",
    ),
    (
        "webvoyager",
        "reference_answer.sample16.json",
        lambda p: p.write_text("{}"),
        "reference_answer",
    ),
    ("wild-claw-bench", WILD, lambda p: _md(p, "timeout_seconds: 900\n", ""), "timeout_seconds"),
]


@pytest.mark.parametrize(
    ("source", "file", "change", "field"), MUTATED_WARNINGS, ids=[m[3] for m in MUTATED_WARNINGS]
)
def test_mutated_record_warnings(source, file, change, field, fixture_copy, tmp_path) -> None:
    folder = fixture_copy(source)
    before = import_fixture(source, tmp_path / "before", folder)
    assert field not in fields(before.log)
    change(folder / file)
    after = import_fixture(source, tmp_path / "after", folder)
    assert field in fields(after.log), fields(after.log)
    assert after.log.refusals == []


CB = "v2/v2-047-daily-life-personal-care-taskrabbit/task.json"
MALFORMED = [
    (
        "clawbench",
        CB,
        lambda p: _edit_json_object(p, lambda d: d.pop("instruction")),
        (CB, "47", "instruction"),
    ),
    (
        "clawbench",
        CB,
        lambda p: _edit_json_object(p, lambda d: d.update(time_limit="half an hour")),
        (CB, "47", "time_limit"),
    ),
    ("clawbench", CB, lambda p: p.write_text("{"), (CB, CB, "(file)")),
    # source, file, change, (file named, record named, field named)
    (
        "claw-eval",
        T901,
        lambda p: _edit_yaml(p, lambda d: d.pop("prompt")),
        (T901, "T901_meeting_reply", "prompt"),
    ),
    (
        "claw-eval",
        T901,
        lambda p: _edit_yaml(p, lambda d: d["scoring_components"][0].update(weight="heavy")),
        (T901, "T901_meeting_reply", "scoring_components.0.weight"),
    ),
    (
        "claw-eval",
        T901,
        lambda p: p.write_text("task_id: [unclosed\n"),
        (T901, "T901_meeting_reply", "line "),
    ),
    (
        "claw-eval",
        T901,
        lambda p: _edit_yaml(
            p, lambda d: d["scoring_components"][0]["check"].update(type="regex_match")
        ),
        (T901, "T901_meeting_reply", "scoring_components[0].check.type"),
    ),
    (
        "webarena",
        "test.raw.sample18.json",
        lambda p: _edit_json(p, lambda d: d[2].pop("intent")),
        ("test.raw.sample18.json", "2", "intent"),
    ),
    (
        "webarena",
        "test.raw.sample18.json",
        lambda p: _edit_json(p, lambda d: d[2].update(sites="shopping")),
        ("test.raw.sample18.json", "2", "sites"),
    ),
    (
        "webarena",
        "test.raw.sample18.json",
        lambda p: _edit_json(p, lambda d: d[2]["eval"].update(eval_types=["dom_diff"])),
        ("test.raw.sample18.json", "3", "eval.eval_types"),
    ),
    (
        "webarena",
        "example_2.json",
        lambda p: p.write_text("{not json"),
        ("example_2.json", "(file)", "(file)"),
    ),
    (
        "wild-claw-bench",
        WILD,
        lambda p: _md(p, "## Prompt", "## Task"),
        (WILD, "04_Search_Retrieval_task_5_fuzzy_search", "## Prompt"),
    ),
    (
        "wild-claw-bench",
        WILD,
        lambda p: _md(p, "timeout_seconds: 900", "timeout_seconds: soon"),
        (WILD, WILD[:-3], "timeout_seconds"),
    ),
    (
        "wild-claw-bench",
        WILD,
        lambda p: _md(p, "name: Fuzzy Intent Search", "name: [unclosed"),
        (WILD, WILD[:-3], "front matter"),
    ),
    (
        "mind2web",
        "Online_Mind2Web.sample16.json",
        lambda p: _edit_json(p, lambda d: d[4].pop("confirmed_task")),
        ("Online_Mind2Web.sample16.json", "4", "confirmed_task"),
    ),
    (
        "mind2web",
        "Online_Mind2Web.sample16.json",
        lambda p: _edit_json(p, lambda d: d[4].update(task_id=17)),
        ("Online_Mind2Web.sample16.json", "4", "task_id"),
    ),
    (
        "webvoyager",
        "WebVoyager_data.sample16.jsonl",
        lambda p: _md(
            p,
            '{"web_name": "Amazon", "id": "Amazon--0"',
            '{"web_name": "Amazon", "id": "Amazon--0",,',
        ),
        ("WebVoyager_data.sample16.jsonl", "line 3", "(line)"),
    ),
    (
        "webvoyager",
        "WebVoyager_data.sample16.jsonl",
        lambda p: _md(p, '"id": "Amazon--0"', '"id": "Amazon-zero"'),
        ("WebVoyager_data.sample16.jsonl", "line 3", "id"),
    ),
]


@pytest.mark.parametrize(
    ("source", "file", "change", "named"), MALFORMED, ids=[f"{m[0]}-{m[3][2]}" for m in MALFORMED]
)
def test_malformed_record_is_refused_by_name_and_the_rest_imports(
    source, file, change, named, fixture_copy, tmp_path
) -> None:
    folder = fixture_copy(source)
    change(folder / file)
    result = import_fixture(source, tmp_path / "out", folder)
    assert len(result.log.refusals) == 1, result.log.refusals
    refusal = result.log.refusals[0]
    assert (refusal.file, refusal.record) == named[:2]
    assert refusal.field.startswith(named[2]), refusal
    imported, skipped = COUNTS[source]  # each break loses one record (example_2.json holds one)
    assert len(result.tasks) + len(result.skipped) == imported + skipped - 1


def test_claw_eval_todo_and_notes_map_to_the_todolist_seed_shape() -> None:
    """Written against the todolist service's seed (wt-todolist: lists of tasks with title,
    notes, priority none|low|medium|high, due_date, status open|completed, tags; notes with
    owner, title, body, tags, created_at); used once that service is registered."""
    from taskkit.importers.base import ImportLog, RecordContext, pins
    from taskkit.importers.claw_eval import _notes, _todo

    folder = FIXTURES / "claw-eval" / "T150_project_progress_report" / "fixtures"
    log = ImportLog()
    ctx = RecordContext("claw-eval", pins()["claw-eval"], log, "T150/task.yaml", "T150")
    document: dict = {}
    _todo(document, json.loads((folder / "todo" / "tasks.json").read_text()), ctx, {})
    _notes(document, json.loads((folder / "notes" / "meetings.json").read_text()), ctx, {})
    (todo_list,) = document["lists"]
    assert todo_list["owner"] == "user" and len(todo_list["tasks"]) == 12
    task_keys = {"title", "notes", "priority", "due_date", "status", "tags"}
    assert all(set(t) == task_keys for t in todo_list["tasks"])
    assert {t["status"] for t in todo_list["tasks"]} == {"open", "completed"}
    assert {t["priority"] for t in todo_list["tasks"]} <= {"none", "low", "medium", "high"}
    blocked = [t for t in todo_list["tasks"] if "status-in_progress" in t["tags"]]
    assert blocked and all(t["status"] == "open" for t in blocked)
    assert all(
        set(n) == {"owner", "title", "body", "tags", "created_at"} for n in document["notes"]
    )
    assert "fixtures/todo status" in [w.field for w in log.warnings]
