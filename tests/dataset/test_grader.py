"""The rubric grader of the verifier SDK: exact, numeric and judge criteria, reward files and
the per-criterion report, and a missing judge or a wrong grader version as a verifier failure
(exit 2, no reward file), never the agent's 0."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import mock_services
from mock_services.verify.judge import JudgeConfig
from mock_services.verify.rubric import VERIFIER_FAILURE_EXIT, run
from taskkit.dataset.load import load_dataset
from taskkit.dataset.task_files import rubric_file, solve_script
from tests.dataset.conftest import SAMPLE
from tests.tasks.harness import FAKE_JUDGE

DATASET = load_dataset(SAMPLE)
RECORDS = {r.id: r for r in DATASET.records}


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture(scope="module")
def judge_url() -> Iterator[str]:
    """The tests' stand-in OpenAI-compatible judge on a real port."""
    port = _free_port()
    server = subprocess.Popen([sys.executable, str(FAKE_JUDGE), str(port)])
    try:
        for _ in range(100):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.1).close()
                break
            except OSError:
                server.poll() is None or pytest.fail("the fake judge exited")
                subprocess.run(["sleep", "0.05"], check=True)
        yield f"http://127.0.0.1:{port}/v1"
    finally:
        server.terminate()
        server.wait(timeout=10)


def _task(tmp_path: Path, record_id: str, answers: dict | None) -> Path:
    """rubrics.json of the record, pointing at an answers file in tmp_path."""
    record = RECORDS[record_id]
    rubric = json.loads(rubric_file(DATASET, record))
    rubric["output"] = str(tmp_path / "answers.json")
    path = tmp_path / "rubrics.json"
    path.write_text(json.dumps(rubric))
    if answers is not None:
        slots = [q.slot() | {"answer": answers.get(q.id)} for q in record.questions]
        (tmp_path / "answers.json").write_text(json.dumps({"questions": slots}))
    return path


def _reference(record_id: str) -> dict:
    script = solve_script(RECORDS[record_id])
    block = json.loads(script.split("<<'ANSWERS'\n", 1)[1].split("\nANSWERS", 1)[0])
    return {q["id"]: q["answer"] for q in block["questions"]}


@pytest.fixture
def judge_env(monkeypatch: pytest.MonkeyPatch, judge_url: str) -> None:
    monkeypatch.setenv("JUDGE_BASE_URL", judge_url)
    monkeypatch.setenv("JUDGE_API_KEY", "test-judge-key")


@pytest.mark.process  # runs a subprocess
def test_reference_answers_score_one_with_reward_files_and_report(
    tmp_path: Path, judge_env: None
) -> None:
    rubric = _task(tmp_path, "lease-maintenance-duties", _reference("lease-maintenance-duties"))
    logs = tmp_path / "logs"
    assert run(rubric, directory=logs) == 0
    assert (logs / "reward.txt").read_text() == "1\n"
    rewards = json.loads((logs / "reward.json").read_text())
    assert rewards == {"duties_complete": 1.0, "roof_party_correct": 1.0, "reward": 1.0}
    report = json.loads((logs / "report.json").read_text())
    assert report["status"] == "scored"
    assert [(c["id"], c["check"], c["weight"], c["score"]) for c in report["criteria"]] == [
        ("duties_complete", "judge", 3.0, 1.0),
        ("roof_party_correct", "exact", 1.0, 1.0),
    ]


def test_partial_answers_score_per_criterion(tmp_path: Path) -> None:
    answers = {"year3_monthly_rent": "$4,455.79", "first_two_years_total": 100800}
    logs = tmp_path / "logs"
    assert run(_task(tmp_path, "lease-rent-schedule", answers), directory=logs) == 0
    report = json.loads((logs / "report.json").read_text())
    scores = {c["id"]: c["score"] for c in report["criteria"]}
    assert scores == {"year3_rent": 1.0, "two_year_total": 0.0}  # within 0.01; off by 1,512
    assert json.loads((logs / "reward.json").read_text())["reward"] == pytest.approx(2 / 3, 1e-5)


def test_exact_checks_ignore_case_and_spacing_and_lists_ignore_order(tmp_path: Path) -> None:
    answers = {
        "symptom_class": "  excessive VIBRATION. ",
        "uncovered_parts": ["AF-300-GS3", "af-300-ms1", "AF-300-CE1", "AF-300-WR2"],
    }
    logs = tmp_path / "logs"
    assert run(_task(tmp_path, "pump-fault-classes", answers), directory=logs) == 0
    assert (logs / "reward.txt").read_text() == "1\n"


def test_no_answers_is_the_agents_zero(tmp_path: Path) -> None:
    logs = tmp_path / "logs"
    assert run(_task(tmp_path, "lease-key-terms", None), directory=logs) == 1
    assert (logs / "reward.txt").read_text() == "0\n"
    report = json.loads((logs / "report.json").read_text())
    assert all("no answers file" in c["detail"] for c in report["criteria"])


def test_a_missing_judge_is_a_verifier_failure_not_a_zero(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("JUDGE_BASE_URL", raising=False)
    monkeypatch.delenv("JUDGE_API_KEY", raising=False)
    rubric = _task(tmp_path, "coop-year-summary", _reference("coop-year-summary"))
    logs = tmp_path / "logs"
    assert run(rubric, directory=logs) == VERIFIER_FAILURE_EXIT
    assert not (logs / "reward.txt").exists() and not (logs / "reward.json").exists()
    report = json.loads((logs / "report.json").read_text())
    assert report["status"] == "verifier_error" and "JUDGE_BASE_URL" in report["error"]


def test_an_unreachable_judge_is_a_verifier_failure(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    nowhere = JudgeConfig(f"http://127.0.0.1:{_free_port()}/v1", "k", retries=1, backoff=0)
    monkeypatch.setattr(JudgeConfig, "from_env", classmethod(lambda cls: nowhere))
    rubric = _task(tmp_path, "coop-year-summary", _reference("coop-year-summary"))
    assert run(rubric, directory=tmp_path / "logs") == VERIFIER_FAILURE_EXIT
    assert not (tmp_path / "logs" / "reward.txt").exists()


def test_a_grader_of_another_version_refuses_to_grade(tmp_path: Path) -> None:
    rubric = _task(tmp_path, "lease-key-terms", _reference("lease-key-terms"))
    logs = tmp_path / "logs"
    assert run(rubric, expect_version="0.0.1", directory=logs) == VERIFIER_FAILURE_EXIT
    assert not (logs / "reward.txt").exists()
    error = json.loads((logs / "report.json").read_text())["error"]
    assert f"version {mock_services.__version__}" in error and "built for 0.0.1" in error
    assert run(rubric, expect_version=mock_services.__version__, directory=logs) == 0
