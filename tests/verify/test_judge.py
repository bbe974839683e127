"""The LLM judge against a local OpenAI-compatible server started on a real port."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from mock_services.verify import Verifier
from mock_services.verify.judge import (
    DEFAULT_MODEL,
    Criterion,
    JudgeConfig,
    JudgeError,
    JudgeUnavailable,
    LlmJudge,
    load_rubric,
)
from tests.helpers import FakeLlm, fake_llm

CRITERIA = [
    Criterion(name="accuracy", weight=0.6, description="facts right"),
    Criterion(name="completeness", weight=0.4, description="all answered"),
]
GOOD = json.dumps(
    {
        "scores": {
            "accuracy": {"score": 1.0, "rationale": "all correct"},
            "completeness": {"score": 0.5, "rationale": "one gap"},
        }
    }
)


@pytest.fixture
def llm() -> Iterator[FakeLlm]:
    with fake_llm(GOOD) as fake:
        yield fake


def judge(llm: FakeLlm, **overrides: Any) -> LlmJudge:
    config = {"base_url": llm.url, "api_key": "k-123", "backoff": 0.01, "timeout": 5, **overrides}
    return LlmJudge(JudgeConfig(**config))


@pytest.mark.process  # runs a subprocess
def test_grade_weights_the_criteria(llm: FakeLlm) -> None:
    grade = judge(llm).grade(CRITERIA, "the answer", reference="ref", task="t")
    assert grade.reward == pytest.approx(0.6 * 1.0 + 0.4 * 0.5)
    assert grade.rationale == "accuracy: all correct | completeness: one gap"
    (request,) = llm.requests
    assert request["path"] == "/v1/chat/completions"
    assert request["auth"] == "Bearer k-123"
    assert request["body"]["model"] == DEFAULT_MODEL
    assert "the answer" in request["body"]["messages"][-1]["content"]


@pytest.mark.process  # runs a subprocess
@pytest.mark.parametrize("blip", [("status", 503), ("status", 429), ("drop", None)])
def test_transport_errors_are_retried(llm: FakeLlm, blip: tuple[str, Any]) -> None:
    llm.script = [blip, blip]
    assert judge(llm).grade(CRITERIA, "a").reward == pytest.approx(0.8)
    assert len(llm.requests) == 3


@pytest.mark.process  # runs a subprocess
def test_a_judge_that_stays_down_is_unavailable_not_a_low_score(llm: FakeLlm) -> None:
    llm.script = [("status", 502)] * 3
    with pytest.raises(JudgeUnavailable, match=r"unreachable after 3 attempts \(last: HTTP 502\)"):
        judge(llm, retries=2).grade(CRITERIA, "a")


def test_refused_connection_is_retried_then_unavailable() -> None:
    config = JudgeConfig(base_url="http://127.0.0.1:9/v1", api_key="k", retries=1, backoff=0.01)
    with pytest.raises(JudgeUnavailable, match="unreachable after 2 attempts"):
        LlmJudge(config).chat([{"role": "user", "content": "x"}])


@pytest.mark.process  # runs a subprocess
def test_client_errors_are_not_retried(llm: FakeLlm) -> None:
    llm.script = [("status", 401)]
    with pytest.raises(JudgeError, match="judge answered HTTP 401"):
        judge(llm).grade(CRITERIA, "a")
    assert len(llm.requests) == 1


@pytest.mark.process  # runs a subprocess
def test_malformed_grading_is_asked_again_once(llm: FakeLlm) -> None:
    llm.script = [("ok", "I think it is good."), ("ok", GOOD)]
    assert judge(llm).grade(CRITERIA, "a").reward == pytest.approx(0.8)
    llm.script = [("ok", '{"scores": {"accuracy": 2}}'), ("ok", "still no")]
    with pytest.raises(JudgeError, match="no JSON object"):
        judge(llm).grade(CRITERIA, "a")


@pytest.mark.parametrize("missing", ["JUDGE_BASE_URL", "JUDGE_API_KEY"])
def test_missing_credentials_fail_loudly(monkeypatch: pytest.MonkeyPatch, missing: str) -> None:
    monkeypatch.setenv("JUDGE_BASE_URL", "http://x/v1")
    monkeypatch.setenv("JUDGE_API_KEY", "k")
    monkeypatch.delenv(missing)
    with pytest.raises(RuntimeError, match=f"{missing} not set"):
        LlmJudge()


def test_model_from_env(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("JUDGE_BASE_URL", "http://x/v1/")
    monkeypatch.setenv("JUDGE_API_KEY", "k")
    monkeypatch.delenv("JUDGE_MODEL_ID", raising=False)
    assert JudgeConfig.from_env().model == DEFAULT_MODEL
    monkeypatch.setenv("JUDGE_MODEL_ID", "kimi-k2.5")
    config = JudgeConfig.from_env()
    assert (config.model, config.base_url) == ("kimi-k2.5", "http://x/v1")


@pytest.mark.parametrize(
    ("rubric", "message"),
    [
        ([], "expected a non-empty list of criteria"),
        ([{"name": "a", "weight": 0}], "greater than 0"),
        ([{"name": "a", "weight": 1}, {"name": "a", "weight": 1}], "criterion names repeat"),
    ],
)
def test_bad_rubrics(tmp_path: Path, rubric: Any, message: str) -> None:
    path = tmp_path / "rubric.json"
    path.write_text(json.dumps(rubric))
    with pytest.raises(ValueError, match=message):
        load_rubric(path)


@pytest.mark.process  # runs a subprocess
def test_a_grade_is_a_checkpoint_result_with_its_criteria_beside_it(
    llm: FakeLlm, tmp_path: Path
) -> None:
    """A judge checkpoint returns the Grade: no verifier has to rebuild the scorer for it."""
    verifier = Verifier("judged")
    verifier.add("found", lambda: True, weight=1, rationale="found", goal=True)
    verifier.add(
        "quality",
        lambda: judge(llm).grade(CRITERIA, "the answer", reference="ref"),
        weight=1,
        rationale="the judge's view",
    )
    with pytest.raises(SystemExit) as exited:
        verifier.main(tmp_path, argv=[])
    assert exited.value.code == 0
    rewards = json.loads((tmp_path / "reward.json").read_text())
    assert rewards == {
        "found": 1.0,
        "quality": 0.8,
        "judge_accuracy": 1.0,
        "judge_completeness": 0.5,
        "reward": 0.9,
    }
    meta = json.loads((tmp_path / "reward_meta.json").read_text())
    assert meta["_meta_judge_rationale"] == "accuracy: all correct | completeness: one gap"
    assert meta["_meta_judge_model"]
    # the checkpoint keeps the judge's rationale as its own field, not folded into its reason
    quality = meta["_meta_checkpoints"]["quality"]
    assert quality["judge"] == {
        "model": meta["_meta_judge_model"],
        "rationale": "accuracy: all correct | completeness: one gap",
    }
    assert "all correct" not in quality["detail"] and "accuracy 1" in quality["detail"]
    assert "judge" not in meta["_meta_checkpoints"]["found"]
