"""What ``invoke oracle`` leaves for a failed trial: the failed checkpoints and why, the kept
trial folder (never a path to a deleted one), the wrong/ modules for ``--agent wrong/X.sh``,
and every trial of a run on the task files as they were when the run started."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from taskkit import oracle
from taskkit.agents import solution_folder
from taskkit.trial import StepResult, TrialResult, finish_trial, frozen_tasks, table

ROOT = Path(__file__).resolve().parents[2]
FIXTURE = Path(__file__).parent / "fixtures" / "oracle-repo"
STAGES = ["agent", "verifier", "total"]


def _failed_oracle(trial_dir: Path) -> TrialResult:
    step = StepResult(
        "main",
        0.875,
        rewards={"reward": 0.875, "reply_sent": 0.0, "subject_right": 1.0},
        details={"reply_sent": "assertion failed: no mail to bob@example.test"},
    )
    return TrialResult("offsite-reply", "oracle", 0.875, steps=[step], trial_dir=str(trial_dir))


def test_a_failed_oracle_shows_its_failed_checkpoints_why_and_its_kept_folder(
    tmp_path: Path,
) -> None:
    shown = table([_failed_oracle(tmp_path)], STAGES)
    expected = [
        "    failed checkpoint reply_sent 0: assertion failed: no mail to bob@example.test",
        f"    trial kept: {tmp_path}",
    ]
    assert shown.splitlines()[-2:] == expected, shown
    assert "subject_right" not in shown  # a passed checkpoint is no news


def test_every_failed_trial_and_every_trial_with_an_error_keeps_its_folder(tmp_path: Path) -> None:
    failed, errored, passed = tmp_path / "failed", tmp_path / "errored", tmp_path / "passed"
    for folder in (failed, errored, passed):
        folder.mkdir()
    finish_trial(_failed_oracle(failed), failed, keep=False)
    script = TrialResult("t", "/x/wrong/a.sh", 1.0, error="solve.sh exited 1 (see agent.log)")
    assert script.ok  # a script agent only has to be scored: its error still needs its logs
    finish_trial(script, errored, keep=False)
    finish_trial(TrialResult("t", "oracle", 1.0), passed, keep=False)
    assert (failed.exists(), errored.exists(), passed.exists()) == (True, True, False)
    script.trial_dir = str(errored)
    assert f"trial kept: {errored}" in table([script], STAGES)


def test_a_wrong_solution_given_by_path_gets_the_modules_beside_it(tmp_path: Path) -> None:
    task = ROOT / "tasks" / "expense-receipt-from-email"
    script = str(task / "wrong" / "left-as-draft.sh")
    folder = solution_folder(task, script, None, tmp_path / "staging")
    assert folder is not None
    shared = sorted(p.name for p in (task / "wrong").glob("*.py"))
    assert {"adlon_invoices.py", "receipt_steps.py"} <= set(shared)
    assert sorted(p.name for p in folder.iterdir()) == sorted([*shared, "solve.sh"])


def test_a_run_copies_its_tasks_when_it_starts(tmp_path: Path) -> None:
    task = tmp_path / "tasks" / "offsite-reply"
    shutil.copytree(FIXTURE / "tasks" / "offsite-reply", task)
    with frozen_tasks([task]) as (copy,):
        (task / "tests" / "test.sh").write_text("edited during the run\n")
        assert copy.name == "offsite-reply" and copy != task
        assert "edited" not in (copy / "tests" / "test.sh").read_text()
    assert not copy.exists()


def test_the_runner_hands_every_trial_the_copy_not_the_edited_task(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    task = tmp_path / "tasks" / "offsite-reply"
    shutil.copytree(FIXTURE / "tasks" / "offsite-reply", task)
    seen: list[str] = []

    def trial(task_dir: Path, **_: object) -> TrialResult:
        seen.append((task_dir / "tests" / "test.sh").read_text())
        (task / "tests" / "test.sh").write_text("edited by the first trial's author\n")
        return TrialResult(task_dir.name, "oracle", 1.0)

    monkeypatch.setattr(oracle, "run_trial", trial)
    oracle.run_many([task], agents=["oracle", "null"], jobs=1, root=tmp_path)
    assert len(seen) == 2 and seen[0] == seen[1], seen
    assert "edited" not in seen[1]
