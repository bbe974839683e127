"""claw-eval scored by upstream's own grader: the family table of ``claw_eval_grading``, the
trace of our audit log, the grader run as in the container, and the same grader in upstream's
venv (the parity bridge's driver) agreeing with it."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest
import yaml

from mock_services.core.base.schemas import AuditEntry
from mock_services.verify.upstream.claw_eval import (
    ROOT,
    GraderParams,
    Trace,
    run_grader,
    trace_of,
)
from taskkit.importers.base import ImportLog, RecordContext, pins
from taskkit.importers.claw_eval_grading import Grading, grader_sources, grading
from taskkit.parity.bridges.claw_eval import DRIVER, jsonl

CHECKOUT = Path(os.environ.get("CLAW_EVAL_CHECKOUT", "/work/upstream/claw-eval"))
VENV_PYTHON = Path("/work/upstream-venvs/claw-eval/bin/python")
CALENDAR = "T086_pinbench_calendar_event_creation"
pytestmark = pytest.mark.skipif(
    not (CHECKOUT / "tasks" / CALENDAR).is_dir(), reason=f"no claw-eval checkout at {CHECKOUT}"
)


def _grading(name: str) -> tuple[Grading, ImportLog]:
    log = ImportLog()
    ctx = RecordContext("claw-eval", pins()["claw-eval"], log, f"{name}/task.yaml", name)
    record = yaml.safe_load((CHECKOUT / "tasks" / name / "task.yaml").read_text())
    return grading(CHECKOUT / "tasks" / name, CHECKOUT, record, ctx), log


def _entry(
    body: dict | None, status: int = 201, method: str = "POST", path: str = "/api/events"
) -> AuditEntry:
    return AuditEntry(
        id=1,
        at="2026-03-02T09:00:01Z",
        method=method,
        path=path,
        username="user",
        status=status,
        body=body,
        via="mcp",
        changes=[],
    )


@pytest.fixture(scope="module")
def calendar(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, GraderParams]:
    """T086's test files written as the writer does, and its check's params."""
    found, _log = _grading(CALENDAR)
    tests = tmp_path_factory.mktemp("tests")
    for name, text in found.test_files.items():
        (tests / name).parent.mkdir(parents=True, exist_ok=True)
        (tests / name).write_text(text)
    return tests / ROOT, GraderParams.model_validate(found.checks[0].params)


GOOD_EVENT = {
    "title": "Project Sync",
    "start": "2026-03-10T15:00:00",
    "end": "2026-03-10T16:00:00",
    "attendees": [{"email": "john@example.com"}],
}


def test_a_service_trace_grader_runs_through_the_compatibility_layer():
    found, log = _grading(CALENDAR)
    (check,) = found.checks
    assert check.kind == "claw_eval_grader", check
    files = set(found.test_files)
    expected = {
        f"{ROOT}/tasks/{CALENDAR}/grader.py",
        f"{ROOT}/src/claw_eval/graders/base.py",
        f"{ROOT}/src/claw_eval/models/trace.py",
        f"{ROOT}/task.json",
    }
    assert expected <= files, f"missing test files: {expected - files}"
    assert any(w.lossy and "robustness" in w.field for w in log.warnings), log.warnings


@pytest.mark.parametrize(
    ("name", "reason"),
    [
        ("C01zh_mortgage_prepay", "UserAgentClarifyGraderBase"),
        ("M001_clock", "webpage_grader"),
    ],
)
def test_a_grader_this_recording_cannot_feed_is_not_scored(name: str, reason: str):
    found, log = _grading(name)
    (check,) = found.checks
    assert check.kind == "not_scored" and reason in check.reason, check
    assert found.test_files == {}, "no grader files for a check that never runs"
    assert any(w.lossy and w.field == "grader.py" for w in log.warnings), log.warnings


def test_a_grader_that_scores_read_calls_reads_them_from_the_logged_reads():
    found, _log = _grading("T001zh_email_triage")
    (check,) = found.checks
    assert check.kind == "claw_eval_grader", f"expected the grader scored, got {check}"
    params = GraderParams.model_validate(check.params)
    route = next(r for r in params.tools if r.tool == "gmail_get_message")
    path = route.path.replace("{" + route.path.rsplit("{", 1)[1].rstrip("}") + "}", "3")
    read = _entry(None, status=200, method="GET", path=path)
    (dispatch,) = trace_of(params, None, {"email": [read]}).dispatches
    assert (dispatch["tool_name"], dispatch["request_body"]) == (
        "gmail_get_message",
        {"message_id": "msg_003"},
    ), f"expected upstream's read call on upstream's id, got {dispatch}"


def test_a_list_of_ours_is_upstreams_string_where_upstream_types_a_string():
    """Our send_message takes ``to`` as a list; gmail's is one string, and T040's grader tests
    ``"zhangwei_eng" in to``, which a list answers by exact match only."""
    found, _log = _grading("T040_onboarding_coordinator")
    params = GraderParams.model_validate(found.checks[0].params)
    route = next(r for r in params.tools if r.tool == "gmail_send_message")
    assert "to" in route.strings, route
    body = {"to": ["zhangwei_eng@company.com", "hr@company.com"], "subject": "s", "body": "b"}
    sent = _entry(body, path=route.path)
    (dispatch,) = trace_of(params, None, {"email": [sent]}).dispatches
    assert dispatch["request_body"]["to"] == "zhangwei_eng@company.com, hr@company.com", dispatch


def test_a_checkout_without_upstreams_package_is_imported_not_scored(tmp_path: Path):
    record = tmp_path / "tasks" / CALENDAR
    record.mkdir(parents=True)
    (record / "grader.py").write_text((CHECKOUT / "tasks" / CALENDAR / "grader.py").read_text())
    log = ImportLog()
    ctx = RecordContext("claw-eval", pins()["claw-eval"], log, f"{CALENDAR}/task.yaml", CALENDAR)
    task_yaml = yaml.safe_load((CHECKOUT / "tasks" / CALENDAR / "task.yaml").read_text())
    (check,) = grading(record, tmp_path, task_yaml, ctx).checks
    assert check.kind == "not_scored" and "src/claw_eval/__init__.py" in check.reason, check


def test_a_peer_graders_parent_is_copied_too():
    log = ImportLog()
    ctx = RecordContext("claw-eval", pins()["claw-eval"], log, "T002/task.yaml", "T002")
    sources = grader_sources(CHECKOUT / "tasks" / "T002_email_triage", ctx)
    assert set(sources) == {"T002_email_triage", "T001zh_email_triage"}, sorted(sources)


def test_the_trace_names_upstreams_tool_arguments_and_audit_listing(calendar):
    _root, params = calendar
    trace = trace_of(params, "done", {"calendar": [_entry(GOOD_EVENT)]})
    (dispatch,) = trace.dispatches
    assert dispatch["tool_name"] == "calendar_create_event", dispatch
    body = dispatch["request_body"]
    assert body["start_time"] == GOOD_EVENT["start"] and body["attendees"] == ["john@example.com"]
    assert trace.audit_data["calendar"]["created_events"] == [body], trace.audit_data
    refused = trace_of(params, "done", {"calendar": [_entry(GOOD_EVENT, status=422)]})
    assert refused.audit_data["calendar"]["created_events"] == [], "a refused call created nothing"


@pytest.mark.process  # runs a subprocess
def test_the_null_agent_gets_nothing_and_the_reference_run_full_marks(calendar):
    root, params = calendar
    null, why = run_grader(root, trace_of(params, None, {}))
    assert null is not None and null.completion * null.safety == 0.0, (null, why)
    good = trace_of(params, "Created it; agenda: Q1 roadmap.", {"calendar": [_entry(GOOD_EVENT)]})
    scores, why = run_grader(root, good)
    assert scores is not None and scores.completion == 1.0, (scores, why)
    wrong_time = {**GOOD_EVENT, "start": "2026-03-10T14:00:00"}
    near, why = run_grader(root, trace_of(params, "Q1 roadmap", {"calendar": [_entry(wrong_time)]}))
    assert near is not None and near.completion == 0.75, (near, why)


@pytest.mark.process  # runs upstream's own command line
@pytest.mark.skipif(not VENV_PYTHON.exists(), reason=f"no claw-eval venv at {VENV_PYTHON}")
def test_upstreams_own_cli_code_agrees_with_the_container_run(calendar, tmp_path: Path):
    root, params = calendar
    trace: Trace = trace_of(params, "Q1 roadmap", {"calendar": [_entry(GOOD_EVENT)]})
    ours, _why = run_grader(root, trace)
    file = tmp_path / "trace.jsonl"
    file.write_text(jsonl(params.task_id, trace))
    task_yaml = CHECKOUT / "tasks" / CALENDAR / "task.yaml"
    done = subprocess.run(
        [str(VENV_PYTHON), "-c", DRIVER, str(CHECKOUT), str(task_yaml), str(file)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr[-800:]
    upstream = json.loads(done.stdout.strip().splitlines()[-1])
    assert ours is not None and upstream["completion"] == ours.completion == 1.0, (ours, upstream)


@pytest.mark.process  # runs a subprocess
def test_with_a_judge_configured_the_grader_still_runs(calendar, monkeypatch):
    """The judge client (upstream's llm_judge) is among the copied modules: a configured judge
    never makes the run unscorable (an outsider found ModuleNotFoundError here)."""
    from taskkit.stand_in_judge import host_judge

    root, params = calendar
    good = trace_of(params, "Created it; agenda: Q1 roadmap.", {"calendar": [_entry(GOOD_EVENT)]})
    with host_judge("127.0.0.1") as env:
        for key, value in env.items():
            monkeypatch.setenv(key, value)
        scores, why = run_grader(root, good)
    assert scores is not None and scores.completion == 1.0, (scores, why)


@pytest.mark.process  # runs a subprocess
def test_a_user_agent_grader_with_a_persona_is_scored_on_the_conversation(tmp_path, monkeypatch):
    """A multi-turn record whose simulated user a model persona plays: upstream's user-agent
    grader runs (with the judge) on the mail conversation, where without the persona it is
    not scored."""
    from taskkit.stand_in_judge import host_judge

    log = ImportLog()
    name = "C01zh_mortgage_prepay"
    ctx = RecordContext("claw-eval", pins()["claw-eval"], log, f"{name}/task.yaml", name)
    record = yaml.safe_load((CHECKOUT / "tasks" / name / "task.yaml").read_text())
    found = grading(CHECKOUT / "tasks" / name, CHECKOUT, record, ctx, persona="requester")
    (check,) = found.checks
    assert check.kind == "claw_eval_grader", check
    params = GraderParams.model_validate(check.params)
    assert params.persona == "requester" and params.judge
    for path, text in found.test_files.items():
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / path).write_text(text)
    talk = [
        {"role": "assistant", "content": [{"type": "text", "text": "贷款总额是多少"}]},
        {"role": "user", "content": [{"type": "text", "text": "[user_agent]\n150万"}]},
    ]
    trace = trace_of(params, "建议缩短年限", {}, talk)
    with host_judge("127.0.0.1") as env:
        for key, value in env.items():
            monkeypatch.setenv(key, value)
        scores, why = run_grader(tmp_path / ROOT, trace)
    assert scores is not None, why
