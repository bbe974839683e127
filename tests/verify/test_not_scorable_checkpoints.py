"""A checkpoint of a layer that never runs here (``Result(scored=False)``) is left out of the
reward, never a 0; one that needs what is not configured (``NotScorable``), a goal or every
checkpoint left out make the run "not scored" as a whole, with the reason the runners read
(seed 002: "not scored" stays apart from "failed")."""

from __future__ import annotations

import json
from pathlib import Path

from mock_services.verify import NotScorable, Result, Verifier
from mock_services.verify.checkpoints import NOT_SCORED_EXIT, run_scored
from mock_services.verify.imported import ImportedCheck, ImportedChecks, build_verifier
from taskkit.trial import not_scored_reason


def _live_site() -> Result:
    return Result(0.0, "reads the live site", scored=False)


def _judge() -> float:
    raise NotScorable("no judge configured")


def test_a_secondary_checkpoint_not_scored_is_left_out_of_the_reward(tmp_path: Path) -> None:
    verifier = Verifier("t")
    verifier.add("found", lambda: True, weight=1, rationale="found it", goal=True)
    verifier.add("on_site", _live_site, weight=3, rationale="the site's view")
    assert run_scored(lambda: verifier._score(tmp_path), "t", tmp_path) == 0
    rewards = json.loads((tmp_path / "reward.json").read_text())
    assert rewards == {"found": 1.0, "reward": 1.0}  # not 0.25: the site's weight is not a 0
    meta_text = (tmp_path / "reward_meta.json").read_text()
    meta = json.loads(meta_text)
    assert meta["_meta_checkpoints"]["on_site"] | {"rationale": "", "evidence": {}} == {
        "score": 0.0,
        "detail": "reads the live site",
        "rationale": "",
        "weight": 3,
        "goal": False,
        "scored": False,
        "evidence": {},
    }
    assert not_scored_reason(meta_text) is None  # the run itself is scored


def test_a_goal_not_scored_makes_the_run_not_scored(tmp_path: Path, capsys) -> None:
    verifier = Verifier("t")
    verifier.add("done", lambda: True, weight=1, rationale="done")
    verifier.add("on_site_goal", _live_site, weight=1, rationale="site", goal=True)
    assert verifier.evaluate().reward is None  # not 1.0: the goal is unknown, not met
    assert run_scored(lambda: verifier._score(tmp_path), "t", tmp_path) == NOT_SCORED_EXIT
    assert (tmp_path / "reward.txt").read_text().strip() == "0"  # Harbor needs a number
    meta_text = (tmp_path / "reward_meta.json").read_text()
    assert not_scored_reason(meta_text) == "on_site_goal: reads the live site"
    assert "[N/S ] on_site_goal" in capsys.readouterr().out


def test_a_goal_missed_fails_the_run_whatever_goal_was_not_scored(tmp_path: Path) -> None:
    """As upstream's product of evaluators: one factor at 0 makes 0, whatever the others."""
    verifier = Verifier("t")
    verifier.add("answer_goal", lambda: False, weight=1, rationale="the answer", goal=True)
    verifier.add("on_site_goal", _live_site, weight=1, rationale="site", goal=True)
    outcome = verifier.evaluate()
    assert (outcome.reward, outcome.unscorable, outcome.goals_missed) == (
        0.0,
        None,
        ["answer_goal"],
    )
    assert run_scored(lambda: verifier._score(tmp_path), "t", tmp_path) == 1
    assert not_scored_reason((tmp_path / "reward_meta.json").read_text()) is None


def test_a_secondary_judge_without_settings_makes_the_run_not_scored(tmp_path: Path) -> None:
    verifier = Verifier("t")
    verifier.add("found", lambda: True, weight=1, rationale="found it", goal=True)
    verifier.add("judged", _judge, weight=4, rationale="the judge's view")
    assert run_scored(lambda: verifier._score(tmp_path), "t", tmp_path) == NOT_SCORED_EXIT
    # never 1.0 from the deterministic part alone: the judge's weight is unknown, not absent
    meta_text = (tmp_path / "reward_meta.json").read_text()
    assert not_scored_reason(meta_text) == "no judge configured"


def test_a_run_with_nothing_scored_is_not_scored(tmp_path: Path) -> None:
    verifier = Verifier("t")
    verifier.add("a", _live_site, weight=1, rationale="a")
    verifier.add("b", lambda: Result(0.0, "upstream code", scored=False), weight=1, rationale="b")
    assert run_scored(lambda: verifier._score(tmp_path), "t", tmp_path) == NOT_SCORED_EXIT
    reason = not_scored_reason((tmp_path / "reward_meta.json").read_text())
    assert reason == "a: reads the live site; b: upstream code"


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
