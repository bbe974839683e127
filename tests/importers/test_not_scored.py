"""'Not scored' stays apart from 0: in the SDK's reward files, in the trial model the oracle
runners share (its reward, table and aggregation), and in the imported verifier."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mock_services.verify import NotScored, Verifier
from mock_services.verify.checkpoints import NOT_SCORED_EXIT, run_scored
from mock_services.verify.imported import ImportedCheck, ImportedChecks, build_verifier
from taskkit.task_model import TaskConfig
from taskkit.trial import StepResult, TrialResult, aggregate, table


def _never() -> bool:
    raise NotScored("no judge configured")


def test_a_not_scored_checkpoint_is_left_out_of_the_reward(tmp_path: Path) -> None:
    verifier = Verifier("t")
    verifier.add("found", lambda: True, weight=1, rationale="found it")
    verifier.add("judged", _never, weight=3, rationale="the judge's view")
    assert run_scored(lambda: verifier._score(tmp_path), "t", tmp_path) == 0
    rewards = json.loads((tmp_path / "reward.json").read_text())
    assert rewards == {"found": 1.0, "reward": 1.0}  # not 0.25: the judge's weight is not a 0
    meta = json.loads((tmp_path / "reward_meta.json").read_text())
    assert meta["_meta_not_scored"] == {"judged": "no judge configured"}
    assert meta["_meta_checkpoints"]["judged"]["scored"] is False


def test_a_task_with_nothing_scored_writes_no_reward(tmp_path: Path, capsys) -> None:
    verifier = Verifier("t")
    verifier.add("judged", _never, weight=1, rationale="the judge's view", goal=True)
    assert run_scored(lambda: verifier._score(tmp_path), "t", tmp_path) == NOT_SCORED_EXIT
    assert not (tmp_path / "reward.txt").exists() and not (tmp_path / "reward.json").exists()
    meta = json.loads((tmp_path / "reward_meta.json").read_text())
    assert meta["_meta_task_not_scored"] is True
    assert "Score: not scored" in capsys.readouterr().out


def test_a_missed_goal_that_is_not_scored_does_not_cap_the_reward(tmp_path: Path) -> None:
    verifier = Verifier("t")
    verifier.add("done", lambda: True, weight=1, rationale="done")
    verifier.add("judged_goal", _never, weight=1, rationale="judge", goal=True)
    assert verifier.evaluate().reward == 1.0


def test_imported_judge_and_not_scored_checks_without_a_judge(monkeypatch) -> None:
    monkeypatch.delenv("JUDGE_BASE_URL", raising=False)
    document = ImportedChecks(
        task="t",
        checks=[
            ImportedCheck(name="j", kind="judge", weight=1, rationale="judge", question="q"),
            ImportedCheck(
                name="n", kind="not_scored", weight=1, rationale="live", reason="live site"
            ),
        ],
    )
    outcome = build_verifier(document).evaluate()
    assert outcome.reward is None
    assert outcome.not_scored == {
        "j": "no judge configured (JUDGE_BASE_URL, JUDGE_API_KEY)",
        "n": "live site",
    }


def _trial(*steps: StepResult) -> TrialResult:
    result = TrialResult("t", "oracle", steps=list(steps))
    result.reward = aggregate(TaskConfig.model_validate({"task": {"name": "o/t"}}), result.steps)
    return result


@pytest.mark.parametrize("agent", ["oracle", "null", "wrong:x"])
def test_a_not_scored_trial_is_never_a_failure(agent: str) -> None:
    result = _trial(StepResult("main", None, not_scored=True))
    result.agent = agent
    assert result.not_scored and result.ok and result.reward is None
    line = table([result], ["total"]).splitlines()[1]
    assert "n/s" in line and "NOT SCORED" in line and "FAIL" not in line


def test_a_not_scored_step_leaves_the_mean_alone() -> None:
    result = _trial(StepResult("a", 1.0), StepResult("b", None, not_scored=True))
    assert result.reward == 1.0 and not result.not_scored


def test_a_trial_without_reward_and_without_the_mark_still_fails() -> None:
    result = _trial(StepResult("main", None, error="no reward.txt"))
    result.error = "main: no reward.txt"
    assert not result.ok and not result.not_scored
