"""What ``invoke oracle --harbor`` hands Harbor for an agent that is not Harbor's own: a copy of
the task whose solution folders hold the agent's scripts (Harbor runs them as its oracle)."""

from __future__ import annotations

from pathlib import Path

import pytest

from taskkit.agents import UnknownAgent
from taskkit.oracle_harbor import staged_task
from tests.tasks.harness import ROOT

SINGLE = ROOT / "tasks" / "shop-delivery-reminder"
MULTI = ROOT / "tasks" / "invitation-triage"


def test_oracle_and_null_run_the_task_itself(tmp_path: Path) -> None:
    assert staged_task(SINGLE, "oracle", tmp_path) == SINGLE
    assert staged_task(SINGLE, "null", tmp_path) == SINGLE
    assert list(tmp_path.iterdir()) == []


def test_a_wrong_solution_replaces_solve_sh_in_a_copy_without_wrong(tmp_path: Path) -> None:
    staged = staged_task(SINGLE, "wrong:daily-series", tmp_path)
    assert staged.name == SINGLE.name and staged != SINGLE
    wrong = (SINGLE / "wrong" / "daily-series.sh").read_bytes()
    assert (staged / "solution" / "solve.sh").read_bytes() == wrong
    assert not (staged / "wrong").exists()  # never uploaded, never published
    assert (staged / "tests" / "verify.py").read_bytes() == (
        SINGLE / "tests" / "verify.py"
    ).read_bytes()
    assert (SINGLE / "solution" / "solve.sh").read_bytes() != wrong  # the task is untouched


def test_a_multi_step_wrong_solution_replaces_only_its_steps(tmp_path: Path) -> None:
    folder = MULTI / "wrong" / "accept-everything"
    wrong_steps = {p.stem for p in folder.glob("*.sh")}
    staged = staged_task(MULTI, "wrong:accept-everything", tmp_path)
    steps = sorted(p.name for p in (MULTI / "steps").iterdir())
    assert wrong_steps and set(steps) - wrong_steps, "the fixture needs a step it leaves alone"
    for step in steps:
        solve = (staged / "steps" / step / "solution" / "solve.sh").read_bytes()
        source = folder / f"{step}.sh" if step in wrong_steps else None
        reference = MULTI / "steps" / step / "solution" / "solve.sh"
        assert solve == (source or reference).read_bytes(), step


def test_a_script_by_path_and_an_unknown_agent(tmp_path: Path) -> None:
    script = tmp_path / "agent.sh"
    script.write_text("#!/bin/bash\ntrue\n")
    staged = staged_task(SINGLE, str(script), tmp_path / "staging")
    assert (staged / "solution" / "solve.sh").read_text() == script.read_text()
    with pytest.raises(UnknownAgent, match="no wrong solution 'nope'"):
        staged_task(SINGLE, "wrong:nope", tmp_path / "staging")


@pytest.mark.parametrize(
    ("task", "reason"),
    [
        ("expense-report-csv", "no web UI: the task runs no service"),
        ("shop-mcp-partial-return", "asks for one channel only ([metadata] only_channel = 'mcp')"),
    ],
)
def test_a_ui_trial_without_a_web_ui_to_use_is_not_scored_under_harbor(
    tmp_path: Path, task: str, reason: str
) -> None:
    """As in the other runners: no UI solution to stage, so Harbor is never started."""
    from taskkit.oracle_harbor import run_task

    result = run_task(ROOT / "tasks" / task, agent="ui", jobs_dir=tmp_path)
    assert result.not_scored is not None and reason in result.not_scored, result
    assert (result.reward, result.error) == (None, None)
    assert list(tmp_path.iterdir()) == []
    staged = staged_task(MULTI, "ui", tmp_path / "staging")  # a task with UIs: ui.py staged
    assert (staged / "steps" / "respond" / "solution" / "ui.py").is_file()
