"""``invoke oracle --record DIR --resume``: a recorded run goes on where it stopped. The trials
the folder holds, finished without an error, are not run again; the report covers the whole
plan, in its order; a folder that cannot be gone on with is refused, saying why."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from taskkit.agents import planned_trials
from taskkit.cli import build_parser
from taskkit.oracle_report import runner_main
from taskkit.runview.record import record_trial
from taskkit.trial import StepResult, TrialResult

ROOT = Path(__file__).resolve().parents[2]
FIRST, SECOND = "email-duplicate-cleanup", "todo-weekly-review-close"


class Runs:
    """``runner_main`` with a stand-in runner that records each trial it is asked to run."""

    def __init__(self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        self.tmp_path, self.ran = tmp_path, []  # type: list[tuple[str, str]]
        monkeypatch.setattr("taskkit.oracle_report.current_commit", lambda _root: "abc1234")

    def run_many(
        self, tasks: list[Path], *, agents: list[str], record: Path | None = None, **options: Any
    ) -> list[TrialResult]:
        results = []
        for task, agent in planned_trials(tasks, agents, options.get("done", ())):
            result = TrialResult(task.name, agent, 0.1, steps=[StepResult("main", 0.1, {"a": 0})])
            if record is not None:
                trial = self.tmp_path / f"trial-{len(self.ran)}"
                trial.mkdir()
                record_trial(result, trial, record)
            self.ran.append((task.name, agent))
            results.append(result)
        return results

    def oracle(self, *words: str) -> int:
        args = build_parser().parse_args(["oracle", *words])
        args.root = ROOT
        return runner_main(args, self.run_many, lambda rs: "\n".join(f"{r.task}" for r in rs))


def test_a_resumed_run_runs_only_what_it_lacks_and_reports_the_whole_plan(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    runs, record = Runs(tmp_path, monkeypatch), tmp_path / "run"
    assert runs.oracle("--task", SECOND, "--null", "--record", str(record)) == 0
    capsys.readouterr()
    both = ("--task", FIRST, "--task", SECOND, "--null", "--record", str(record), "--resume")
    assert runs.oracle(*both) == 0
    assert runs.ran == [(SECOND, "null"), (FIRST, "null")], runs.ran
    out, err = capsys.readouterr()
    assert out.split("\n")[:2] == [FIRST, SECOND], out  # the plan's order, not the run's
    assert f"1 of 2 trials finished in {record} already; running the other 1" in err, err
    assert len(list((record / "trials").iterdir())) == 2


def test_a_trial_that_ended_in_an_error_runs_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    runs, record = Runs(tmp_path, monkeypatch), tmp_path / "run"
    runs.oracle("--task", FIRST, "--null", "--record", str(record))
    (result_file,) = record.glob("trials/*/result.json")
    result = json.loads(result_file.read_text())
    result_file.write_text(json.dumps({**result, "error": "docker: the daemon went away"}))
    runs.oracle("--task", FIRST, "--null", "--record", str(record), "--resume")
    assert runs.ran == [(FIRST, "null"), (FIRST, "null")], runs.ran


@pytest.mark.parametrize(
    ("setup", "words", "expected"),
    [
        (None, ("--resume",), "it goes on with the run in --record DIR: name the folder"),
        ("empty", ("--resume", "--record", "{run}"), "no run.json, so no run to go on with"),
        (
            "local",
            ("--resume", "--record", "{run}", "--runner", "docker"),
            "runner 'local', not 'docker': go on with it with --runner local",
        ),
    ],
)
def test_a_run_that_cannot_be_gone_on_with_is_refused_saying_why(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    setup: str | None,
    words: tuple[str, ...],
    expected: str,
) -> None:
    runs, record = Runs(tmp_path, monkeypatch), tmp_path / "run"
    if setup == "empty":
        record.mkdir()
    elif setup == "local":
        runs.oracle("--task", FIRST, "--null", "--record", str(record))
        runs.ran.clear()
    capsys.readouterr()
    filled = [w.format(run=record) for w in words]
    assert runs.oracle("--task", FIRST, "--null", *filled) == 2
    assert expected in capsys.readouterr().err
    assert runs.ran == []


@pytest.mark.process  # runs two real trials
def test_the_local_runner_resumes_a_recorded_run(tmp_path: Path) -> None:
    record = tmp_path / "run"

    def oracle(*tasks: str, resume: bool) -> subprocess.CompletedProcess[str]:
        words = [w for task in tasks for w in ("--task", task)]
        words += ["--null", "--json", "--record", str(record), *(["--resume"] if resume else [])]
        return subprocess.run(
            [sys.executable, "-m", "taskkit", "oracle", *words],
            cwd=ROOT, capture_output=True, text=True, timeout=300, check=False,
        )  # fmt: skip

    first = oracle(FIRST, resume=False)
    assert first.returncode == 0, first.stdout + first.stderr
    (recorded,) = record.glob("trials/*/result.json")
    both = oracle(FIRST, SECOND, resume=True)
    assert both.returncode == 0, both.stdout + both.stderr
    reported = json.loads(both.stdout)
    assert [(r["task"], r["agent"]) for r in reported] == [(FIRST, "null"), (SECOND, "null")]
    assert reported[0]["reward"] == json.loads(recorded.read_text())["reward"]
    assert len(list(record.glob("trials/*/result.json"))) == 2  # the first was not run again
