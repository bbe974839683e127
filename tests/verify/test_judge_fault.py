"""A judge that cannot be reached is the verifier's failure, never a 0 for the agent."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mock_services.verify import JudgeConfig, LlmJudge, Verifier
from mock_services.verify.checkpoints import NOT_SCORED_EXIT


def test_unreachable_judge_inside_a_checkpoint_is_a_verifier_crash(tmp_path: Path) -> None:
    judge = LlmJudge(
        JudgeConfig(base_url="http://127.0.0.1:9", api_key="k", retries=1, backoff=0.0, timeout=1.0)
    )
    verifier = Verifier("judge-fault")

    @verifier.checkpoint(weight=1, rationale="the answer is graded by the judge")
    def graded() -> float:
        judge.chat([{"role": "user", "content": "grade this"}])
        return 1.0

    with pytest.raises(SystemExit) as exited:
        verifier.main(tmp_path, argv=[])  # not pytest's own arguments
    assert exited.value.code == 2
    meta = json.loads((tmp_path / "reward_meta.json").read_text())
    assert "JudgeUnavailable" in meta["_meta_error"]
    assert (tmp_path / "reward.txt").read_text().strip() in {"0", "0.0"}


def test_missing_judge_settings_make_the_run_not_scored(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("JUDGE_BASE_URL", raising=False)
    monkeypatch.delenv("JUDGE_API_KEY", raising=False)
    verifier = Verifier("judge-unset")

    @verifier.checkpoint(weight=1, rationale="graded by the judge")
    def graded() -> float:
        LlmJudge(JudgeConfig.from_env())
        return 1.0

    with pytest.raises(SystemExit) as exited:
        verifier.main(tmp_path, argv=[])  # not pytest's own arguments
    assert exited.value.code == NOT_SCORED_EXIT
    meta = json.loads((tmp_path / "reward_meta.json").read_text())
    assert "JUDGE_BASE_URL and JUDGE_API_KEY not set" in meta["_meta_not_scored"]
    assert (tmp_path / "reward.txt").read_text().strip() == "0"
