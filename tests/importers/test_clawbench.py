"""ClawBench: every record of the fixture sets imported under its set's id, the two-stage score
(interception against ``eval_schema``, then the judge), the wrong solutions, malformed records
refused, and upstream's own verifier agreeing with ours on real trials."""

from __future__ import annotations

import json
import os
import pwd
import re
import shutil
from pathlib import Path

import pytest

from mock_services.verify import outputs
from mock_services.verify.upstream.clawbench import INTERCEPTION_FILE, submission
from taskkit import stand_in_judge
from taskkit.importers import clawbench
from taskkit.importers.base import ImportLog
from taskkit.importers.clawbench_urls import example_url
from taskkit.importers.model import ImportedTask
from tests.importers.conftest import FIXTURES, import_fixture

CB = FIXTURES / "clawbench"
V2_47 = "v2/v2-047-daily-life-personal-care-taskrabbit/task.json"


@pytest.fixture(scope="module")
def loaded() -> tuple[dict[str, ImportedTask], ImportLog]:
    log = ImportLog()
    tasks = clawbench.load(CB, log)
    return {t.id: t for t in tasks}, log


def test_every_record_is_imported_under_its_sets_id(loaded) -> None:
    tasks, log = loaded
    records = sorted(CB.rglob("task.json")) + sorted(CB.glob("claw-eval/*.json"))
    assert log.records == len(records) == len(tasks) == 24, (log.records, len(tasks))
    assert log.refusals == []
    shared = {"clawbench-v1-47", "clawbench-v1-lite-47", "clawbench-v2-47"}
    assert shared <= set(tasks), sorted(tasks)
    assert tasks["clawbench-v2-47"].provenance.source_id == "v2-47"
    assert tasks["clawbench-v1-lite-47"].provenance.record.startswith("v1-lite/047-")
    # the same upstream id 215, another pattern: two tasks, scored differently
    assert tasks["clawbench-v1-215"].checks[0].kind == "not_scored"
    assert tasks["clawbench-v2-215"].checks[0].kind == "clawbench_submission"


def test_every_task_needs_its_live_site(loaded) -> None:
    tasks, _log = loaded
    assert all(t.not_runnable for t in tasks.values())
    assert tasks["clawbench-v2-47"].not_runnable == "needs the live site taskrabbit.com"
    answer_task = tasks["clawbench-claw-eval-500046"]
    assert answer_task.not_runnable == "needs the live web (the task researches real web pages)"


def test_the_submission_check_carries_the_eval_schema_and_the_judge_context(loaded) -> None:
    tasks, _log = loaded
    (check,) = tasks["clawbench-v2-904"].checks
    assert check.goal and check.kind == "clawbench_submission"
    assert check.params == {
        "url_pattern": r"api\.graphql\.imdb\.com",
        "method": "POST",
        "body": {"operationName": "ListCreate"},
    }
    (answer,) = tasks["clawbench-claw-eval-500046"].checks
    assert answer.params["submit_url"] == clawbench.ANSWER_POST
    assert answer.reference.startswith("rubric:\n") and "reference_solution:\n" in answer.reference
    assert "source_task_yaml:\n" in answer.reference


def test_a_placeholder_pattern_is_not_scored_with_its_reason(loaded) -> None:
    tasks, log = loaded
    (check,) = tasks["clawbench-v1-1"].checks
    assert check.kind == "not_scored" and clawbench.PLACEHOLDER in check.reason
    assert "human reference runs" in check.reason
    assert tasks["clawbench-v1-1"].wrong == {}
    hits = [w for w in log.warnings if w.task == "clawbench-v1-1" and w.field.startswith("eval")]
    assert [w.lossy for w in hits] == [True], hits


@pytest.mark.parametrize(
    ("field", "lossy"),
    [("extra_info", True), ("metadata.common_info", True), ("start_url", False)],
)
def test_fixture_warnings(loaded, field: str, lossy: bool) -> None:
    _tasks, log = loaded
    hits = [w for w in log.warnings if w.field == field]
    assert hits, f"no warning on {field}"
    assert {w.lossy for w in hits} == {lossy}
    assert all(w.commit == clawbench.pins()["clawbench"].commit and w.default for w in hits)


def test_every_pattern_gives_a_url_it_matches() -> None:
    for file in sorted(CB.rglob("task.json")) + sorted(CB.glob("claw-eval/*.json")):
        data = json.loads(file.read_text())
        pattern = data["eval_schema"]["url_pattern"]
        if pattern == clawbench.PLACEHOLDER:
            continue
        url = example_url(pattern, data["metadata"]["sites_involved"])
        assert url and re.search(pattern, url), (file, pattern, url)


def test_every_scored_task_has_two_wrong_solutions_or_more(loaded) -> None:
    tasks, _log = loaded
    scored = [t for t in tasks.values() if t.checks[0].kind == "clawbench_submission"]
    assert len(scored) == 20  # 24 less the 4 placeholder patterns
    for task in scored:
        assert {"wrong-method", "other-endpoint"} <= set(task.wrong), (task.id, task.wrong)
    assert set(tasks["clawbench-v2-904"].wrong) == {
        "wrong-method",
        "other-endpoint",
        "wrong-body-field",
    }


# --- the check kind, on an agent's files --------------------------------------------------


@pytest.fixture
def workspace(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The agent's ``/workspace`` (where the instruction puts its outputs), stood in for by a
    test folder owned by this user."""
    monkeypatch.setenv("MOCK_AGENT_USER", pwd.getpwuid(os.getuid()).pw_name)
    for name in ("JUDGE_BASE_URL", "JUDGE_API_KEY", "JUDGE_MODEL_ID"):
        monkeypatch.delenv(name, raising=False)
    folder = tmp_path / "workspace"
    (folder / "output").mkdir(parents=True)
    monkeypatch.setattr(outputs, "WORKSPACE", folder)
    return folder


def _score(task: ImportedTask, files: dict[str, str], workspace: Path) -> tuple[float, bool, str]:
    for name, text in files.items():
        (workspace / name).write_text(text)
    result = submission(task.checks[0])
    return result.score, result.scored, result.detail


def test_without_an_interception_the_score_is_0_judge_or_not(loaded, workspace: Path) -> None:
    tasks, _log = loaded
    score, scored, detail = _score(tasks["clawbench-v2-904"], {}, workspace)
    assert (score, scored) == (0.0, True), detail
    assert f"no {INTERCEPTION_FILE}" in detail


def test_stage_1_passed_without_a_judge_is_not_scored(loaded, workspace: Path) -> None:
    tasks, _log = loaded
    task = tasks["clawbench-v2-904"]
    score, scored, detail = _score(task, task.oracle.files, workspace)
    assert (score, scored) == (0.0, False), detail
    assert "stage 1 passed; stage 2 needs the judge" in detail


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("wrong-method", "method 'GET', expected POST"),
        ("other-endpoint", "does not match"),
        ("wrong-body-field", "body lacks {'operationName': 'ListCreate'}"),
    ],
)
def test_each_wrong_solution_fails_stage_1(
    loaded, workspace: Path, name: str, expected: str
) -> None:
    tasks, _log = loaded
    score, scored, detail = _score(
        tasks["clawbench-v2-904"], tasks["clawbench-v2-904"].wrong[name].files, workspace
    )
    assert (score, scored) == (0.0, True), detail
    assert expected in detail, detail


def test_a_record_claiming_an_interception_of_another_request_is_not_one(
    loaded, workspace: Path
) -> None:
    tasks, _log = loaded
    forged = {"intercepted": True, "request": {"url": "https://imdb.com/", "method": "POST"}}
    score, scored, detail = _score(
        tasks["clawbench-v2-904"], {INTERCEPTION_FILE: json.dumps(forged)}, workspace
    )
    assert (score, scored) == (0.0, True) and "does not match" in detail, detail


def test_an_answer_task_reads_the_answer_file_as_the_pages_post(loaded, workspace: Path) -> None:
    tasks, _log = loaded
    task = tasks["clawbench-claw-eval-500046"]
    score, scored, detail = _score(task, {"output/answer.md": task.oracle.answer}, workspace)
    assert (score, scored) == (0.0, False), detail  # stage 1 passed, no judge here


@pytest.mark.process  # runs a subprocess
def test_the_judge_decides_stage_2(loaded, workspace: Path, monkeypatch) -> None:
    tasks, _log = loaded
    task = tasks["clawbench-v2-904"]
    with stand_in_judge.host_judge("127.0.0.1") as env:
        for name, value in env.items():
            monkeypatch.setenv(name, value)
        score, scored, detail = _score(task, task.oracle.files, workspace)
    # the stand-in judge finds none of the reference's facts: a mismatch, scored
    assert (score, scored) == (0.0, True), detail
    assert detail.startswith("stage 2: judge mismatch"), detail


# --- malformed records --------------------------------------------------------------------


def _edit(folder: Path, change) -> None:
    path = folder / V2_47
    data = json.loads(path.read_text())
    change(data)
    path.write_text(json.dumps(data))


@pytest.mark.parametrize(
    ("change", "record", "field"),
    [
        (lambda d: d.pop("instruction"), "v2-47", "instruction"),
        (lambda d: d.update(time_limit="half an hour"), "v2-47", "time_limit"),
        (lambda d: d["eval_schema"].update(method="FETCH"), "v2-47", "eval_schema.method"),
        (lambda d: d["eval_schema"].pop("url_pattern"), "v2-47", "eval_schema.url_pattern"),
        (lambda d: d["metadata"].pop("task_id"), "v2-?", "metadata.task_id"),
    ],
)
def test_a_malformed_record_is_refused_by_field_and_counted(
    fixture_copy, tmp_path: Path, change, record: str, field: str
) -> None:
    folder = fixture_copy("clawbench")
    _edit(folder, change)
    result = import_fixture("clawbench", tmp_path / "out", folder)
    [refusal] = result.log.refusals
    assert (refusal.file, refusal.record, refusal.field) == (V2_47, record, field), refusal
    assert result.log.records == len(result.tasks) + 1 == 24


def test_a_file_that_is_not_json_is_refused(fixture_copy, tmp_path: Path) -> None:
    folder = fixture_copy("clawbench")
    (folder / V2_47).write_text("{")
    result = import_fixture("clawbench", tmp_path / "out", folder)
    [refusal] = result.log.refusals
    assert (refusal.file, refusal.record, refusal.field) == (V2_47, V2_47, "(file)")
    assert result.log.records == 24


# --- parity with upstream's own verifier --------------------------------------------------

UPSTREAM = Path("/work/upstream/clawbench")


@pytest.mark.process  # runs a subprocess
@pytest.mark.skipif(os.getuid() != 0 or not UPSTREAM.is_dir(), reason="needs root and upstream")
def test_upstream_verify_agrees_on_real_trials(tmp_path: Path) -> None:
    from taskkit.oracle import run_many
    from taskkit.parity import ParityCase, agree
    from taskkit.parity.bridges.clawbench import BRIDGE

    out = tmp_path / "out"
    import_fixture("clawbench", out, only=["v2-904", "claw-eval-500046", "v1-1"])
    tasks = sorted((out / "tasks").iterdir())
    BRIDGE.prepare(UPSTREAM, tmp_path / "work")
    results = run_many(tasks, agents=["oracle", "null", "wrong"], jobs=4, keep=True)
    for result in results:  # kept for the bridge, removed with the test's folder
        shutil.move(result.trial_dir, tmp_path / Path(result.trial_dir).name)
        result.trial_dir = str(tmp_path / Path(result.trial_dir).name)
    assert len(results) == 5 + 4 + 2, [(r.task, r.agent) for r in results]
    for result in results:
        case = ParityCase(
            out / "tasks" / result.task,
            Path(result.trial_dir),
            UPSTREAM,
            tmp_path / "work",
            result.agent,
            {},
        )
        upstream = BRIDGE.score(case)
        ours = None if result.not_scored else result.reward
        assert agree(ours, upstream.score), (result.task, result.agent, ours, upstream)
        if result.task == "clawbench-v1-1":  # the placeholder pattern: nobody is scored
            assert ours is None, (result.task, result.agent, ours)
        elif result.agent == "null" or result.agent.startswith("wrong:"):
            assert ours == 0.0, (result.task, result.agent, ours)
        else:  # the oracle passes stage 1; without a judge stage 2 is not scored
            assert ours is None and "stage 1 passed" in (result.not_scored or ""), result


def test_a_dangling_record_link_is_counted_and_refused(fixture_copy, tmp_path: Path) -> None:
    folder = fixture_copy("clawbench")
    link = folder / "v1-lite/002-daily-life-food-doordash/task.json"
    link.unlink()
    link.symlink_to("../../v1/002-gone/task.json")  # a v1-lite link whose v1 record is gone
    result = import_fixture("clawbench", tmp_path / "out", folder)
    refused = {(r.file, r.field) for r in result.log.refusals}
    assert refused == {("v1-lite/002-daily-life-food-doordash/task.json", "(file)")}, refused
    assert result.log.records == len(result.tasks) + 1 == 24
