"""Agents of a trial (an unknown one is an error), the oracle's matrix and free-credit report,
the README criteria check against verify.py --describe, and the multi-step early-stop bound."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from taskkit.agents import (
    UnknownAgent,
    alternatives,
    check_agent,
    expand_agents,
    solution_folder,
    wrong_solutions,
)
from taskkit.oracle import run_trial
from taskkit.oracle_report import null_credit, wrong_matrix
from taskkit.trial import StepResult, TrialResult
from taskkit.validate.checks_criteria import early_stop_gaps
from taskkit.validate.runner import validate

ROOT = Path(__file__).resolve().parents[2]
TASK = ROOT / "tasks" / "shop-duplicate-order-cancel"


def test_an_unknown_agent_is_an_error_not_a_null_agent() -> None:
    with pytest.raises(UnknownAgent, match="expected 'oracle', 'null'"):
        run_trial(TASK, agent="claude")
    with pytest.raises(UnknownAgent, match="known: any-later-repeat"):
        check_agent(TASK, "wrong:nope")
    check_agent(TASK, "wrong:cart-detour")
    assert len(wrong_solutions(TASK)) >= 5
    assert expand_agents(TASK, ["oracle", "wrong"])[1] == "wrong:any-later-repeat"


def test_wrong_solutions_get_the_modules_they_share(tmp_path: Path) -> None:
    task = ROOT / "tasks" / "expense-receipt-from-email"
    assert "receipt_steps" not in wrong_solutions(task)  # a module, not a solution
    folder = solution_folder(task, "wrong:left-as-draft", None, tmp_path / "staging")
    shared = sorted(p.name for p in (task / "wrong").glob("*.py"))
    assert {"adlon_invoices.py", "receipt_steps.py"} <= set(shared)
    assert sorted(p.name for p in folder.iterdir()) == sorted([*shared, "solve.sh"])
    oracle = solution_folder(task, "oracle", None, tmp_path / "oracle")
    assert not (oracle / "receipt_steps.py").exists()  # the reference solution stands alone


def _trial(agent: str, scores: dict[str, float], goals: list[str]) -> TrialResult:
    step = StepResult("main", 0.0, rewards={"reward": 0.0, **scores}, goals=goals)
    return TrialResult("t", agent, reward=0.0, steps=[step])


def test_matrix_shows_failures_and_coverage() -> None:
    text = wrong_matrix(
        [
            _trial("wrong:a", {"goal": 0.0, "tidy": 1.0, "other": 1.0}, ["goal"]),
            _trial("wrong:b", {"goal": 1.0, "tidy": 0.0, "other": 1.0}, ["goal"]),
        ]
    )
    assert "  a " in text and "x  ." in text
    assert "coverage: 2/3" in text and "never failed: other" in text


def _alternative_task(tmp_path: Path) -> Path:
    task = tmp_path / TASK.name
    shutil.copytree(TASK, task, ignore=shutil.ignore_patterns("__pycache__", "alternatives"))
    (task / "alternatives").mkdir()
    (task / "alternatives" / "by-the-forms.sh").write_text("#!/bin/bash\necho forms\n")
    (task / "alternatives" / "form_steps.py").write_text("STEPS = 1\n")
    return task


def test_alternatives_run_with_the_wrong_solutions_and_get_their_modules(tmp_path: Path) -> None:
    task = _alternative_task(tmp_path)
    assert alternatives(task) == ["by-the-forms"]
    agents = expand_agents(task, ["wrong"])
    assert agents[-1] == "alternative:by-the-forms" and agents[0].startswith("wrong:")
    folder = solution_folder(task, "alternative:by-the-forms", None, tmp_path / "staging")
    # its own folder's modules, and the wrong solutions' steps it may share
    wrong_modules = [p.name for p in (task / "wrong").glob("*.py")]
    assert sorted(p.name for p in folder.iterdir()) == sorted(
        ["form_steps.py", *wrong_modules, "solve.sh"]
    )
    with pytest.raises(UnknownAgent, match=r"no alternative 'by-the-api'.*known: by-the-forms"):
        check_agent(task, "alternative:by-the-api")


def test_an_alternative_must_score_one_and_shows_in_the_summary() -> None:
    below = _trial("alternative:ui", {"goal": 1.0, "tidy": 0.0}, ["goal"])
    below.reward = 0.49
    assert not below.ok  # an alternative below 1.0 fails the run, as the oracle would
    perfect = _trial("alternative:mcp", {"goal": 1.0, "tidy": 1.0}, ["goal"])
    perfect.reward = 1.0
    wrong = _trial("wrong:a", {"goal": 0.0, "tidy": 1.0}, ["goal"])
    wrong.reward = 0.85
    assert perfect.ok and wrong.ok
    text = wrong_matrix([wrong, below, perfect])
    assert "alt:ui" in text and "alt:mcp" in text
    assert "coverage: 1/2" in text  # alternatives do not count as failures of a checkpoint
    assert text.splitlines()[-1] == (
        "  1 wrong, highest wrong score 0.85, 1 at or above 0.8, 0 at 1.0; alternatives: 1/2 at 1.0"
    )


def test_matrix_lists_tasks_without_wrong_solutions() -> None:
    text = wrong_matrix([_trial("wrong:a", {"goal": 0.0}, ["goal"])], ["bare", "t"])
    lines = text.splitlines()
    assert lines[0] == "bare: no wrong solutions (coverage unknown; add them in wrong/)"
    assert lines[1].startswith("t: wrong solutions x checkpoints") and "coverage: 1/1" in text


@pytest.mark.process  # runs a subprocess
def test_oracle_wrong_names_every_task_without_wrong_solutions() -> None:
    fixture = Path(__file__).parent / "fixtures" / "oracle-repo"
    done = subprocess.run(
        [sys.executable, "-m", "taskkit", "--root", str(fixture), "oracle", "--wrong"],
        capture_output=True,
        text=True,
        check=False,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr
    assert "notes-two-steps: no wrong solutions" in done.stdout
    assert "offsite-reply: no wrong solutions" in done.stdout


def test_null_credit_marks_what_earns_under_the_goal_cap() -> None:
    text = null_credit([_trial("null", {"goal": 0.0, "keep": 1.0, "tidy": 1.0}, ["goal", "keep"])])
    assert "tidy 1 FREE" in text and "keep 1," in text and "keep 1 FREE" not in text


def test_early_stop_bound() -> None:
    assert early_stop_gaps("mean", [1.0, None]) == [(0, 1.0, 0.5)]
    assert early_stop_gaps("mean", [0.5, None]) == []
    assert early_stop_gaps("final", [0.3, None]) == [(0, 0.3, 0.0)]


@pytest.fixture
def task_copy(tmp_path: Path) -> Path:
    """``TASK`` in a repository of its own under ``tmp_path``, free to edit."""
    shutil.copytree(ROOT / "metadata", tmp_path / "metadata")
    shutil.copytree(TASK, tmp_path / "tasks" / TASK.name)
    return tmp_path / "tasks" / TASK.name


def findings_of(task: Path, rule: str) -> list:
    """What ``validate`` finds under ``rule`` in the copied ``task``."""
    return [f for f in validate(task.parents[1], [task]).findings if f.rule == rule]


@pytest.mark.process  # runs a subprocess
def test_readme_table_is_checked_against_describe(task_copy: Path) -> None:
    readme = task_copy / "README.md"
    readme.write_text(
        readme.read_text().replace("| `firsts_kept` | 2 | yes |", "| `firsts_kept` | 5 | yes |")
    )
    findings = findings_of(task_copy, "readme-criteria")
    assert len(findings) == 1 and "'firsts_kept': weight '5'" in findings[0].message
    assert findings[0].line is not None


@pytest.mark.process  # runs a subprocess
def test_readme_case_id_is_checked_against_task_toml(task_copy: Path) -> None:
    assert not findings_of(task_copy, "readme-case-id")
    readme = task_copy / "README.md"
    readme.write_text(re.sub(r"\| case_id \| \d+ \|", "| case_id | 99 |", readme.read_text()))
    (finding,) = findings_of(task_copy, "readme-case-id")
    assert "the README says case_id '99'" in finding.message and finding.line is not None


@pytest.mark.process  # runs a subprocess
def test_readme_names_every_wrong_solution_and_alternative(task_copy: Path) -> None:
    assert not findings_of(task_copy, "readme-solutions")
    (task_copy / "wrong" / "unlisted-guess.sh").write_text("#!/bin/bash\ntrue\n")
    (task_copy / "alternatives").mkdir(exist_ok=True)
    (task_copy / "alternatives" / "unlisted-route.sh").write_text("#!/bin/bash\ntrue\n")
    assert sorted(f.message for f in findings_of(task_copy, "readme-solutions")) == [
        "the correct alternative alternatives/unlisted-route is not named in the README",
        "the wrong solution wrong/unlisted-guess is not named in the README",
    ]
