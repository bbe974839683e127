#!/usr/bin/env python3
"""Verifier of @@NAME@@ (LLM-judge pattern): deterministic checks against answer_key.json plus
an LLM judge grading the report on rubric.json's criteria.

Needs JUDGE_BASE_URL and JUDGE_API_KEY ([verifier.env] in task.toml); JUDGE_MODEL_ID is
optional. Writes /logs/verifier/reward.txt and reward.json directly.
"""

import json
from pathlib import Path

from mock_services.verify import LlmJudge, Verifier, load_rubric, require_output

TESTS = Path(__file__).resolve().parent
ANSWER_KEY = json.loads((TESTS / "answer_key.json").read_text())
REPORT = "output/report.md"

verifier = Verifier("@@NAME@@")


@verifier.checkpoint(weight=1, rationale="the report exists where the instruction asks")
def report_written() -> bool:
    return require_output(REPORT).size > 0


@verifier.checkpoint(weight=1, rationale="the report states the key facts of answer_key.json")
def key_facts_present() -> float:
    text = require_output(REPORT).text().lower()
    facts = ANSWER_KEY["facts"]
    return sum(fact.lower() in text for fact in facts) / len(facts)


@verifier.checkpoint(weight=2, rationale="an LLM judge grades the report on rubric.json")
def judged_quality() -> float:
    grade = LlmJudge().grade(
        load_rubric(TESTS / "rubric.json"),
        require_output(REPORT).text(),
        reference=json.dumps(ANSWER_KEY),
        task="@@DESCRIPTION@@",
    )
    return grade.reward


if __name__ == "__main__":
    verifier.main()
