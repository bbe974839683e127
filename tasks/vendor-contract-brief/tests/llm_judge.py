#!/usr/bin/env python3
"""Verifier of vendor-contract-brief (LLM-judge pattern, seed 001): deterministic checks
(deterministic_checks.py, answer_key.json) plus an OpenAI-compatible judge grading the brief on
rubric.json. JUDGE_BASE_URL and JUDGE_API_KEY are required ([verifier.env]); without them, or
when the judge stays unreachable after its retries, the verifier fails loudly (reward 0 with
the reason, exit 2) instead of scoring the agent. Writes /logs/verifier/ directly."""

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from deterministic_checks import ANSWER_KEY, brief_text, facts_found, out_of_scope_listed

from mock_services.verify import LlmJudge, Verifier, load_rubric, run_scored, write_reward

TASK = "vendor-contract-brief"
TESTS = Path(__file__).resolve().parent
verifier = Verifier(TASK)
GRADE: dict[str, float] = {}


@verifier.checkpoint(weight=1, rationale="the brief exists where the instruction asks")
def brief_written() -> bool:
    return brief_text() is not None


@verifier.checkpoint(weight=2, rationale="the brief names the renewing vendors and deadlines")
def key_facts_present() -> float:
    text = brief_text()
    return facts_found(text) if text else 0.0


@verifier.checkpoint(weight=1, rationale="expiring or later contracts are not listed as renewing")
def scope_respected() -> bool:
    text = brief_text()
    assert text, "no brief"
    wrong = out_of_scope_listed(text)
    assert not wrong, f"listed as renewing: {wrong}"
    return True


@verifier.checkpoint(weight=2, rationale="an LLM judge grades accuracy and completeness")
def judged_quality() -> float:
    return GRADE.get("reward", 0.0)


def score() -> float:
    judge = LlmJudge()  # RuntimeError at once when JUDGE_BASE_URL / JUDGE_API_KEY are unset
    text = brief_text()
    if text:  # an unreachable judge raises here: a verifier failure, not the agent's
        grade = judge.grade(
            load_rubric(TESTS / "rubric.json"),
            text,
            reference=json.dumps(ANSWER_KEY),
            task="Brief on vendor contracts renewing automatically before 1 July 2026.",
        )
        GRADE["reward"] = grade.reward
    outcome = verifier.evaluate()
    for name, result in outcome.scores.items():
        print(f"{name}: {result.score:.2f} {result.detail}")
    rewards = outcome.rewards(TASK)
    if text:
        rewards.update({f"judge_{k}": v for k, v in grade.scores.items()})
        rewards["_meta_judge_model"] = grade.model
        rewards["_meta_rationale"] = " | ".join(f"{k}: {v}" for k, v in grade.rationales.items())
    write_reward(rewards)
    return outcome.reward


if __name__ == "__main__":
    sys.exit(run_scored(score, TASK))
