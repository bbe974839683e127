#!/usr/bin/env python3
"""Verifier of vendor-contract-brief (LLM-judge pattern, seed 001): deterministic checks
(deterministic_checks.py, answer_key.json) as the goals, plus an OpenAI-compatible judge
grading the brief on rubric.json as a secondary checkpoint (the SDK's Grade: its criteria land
in reward.json as judge_<criterion>). JUDGE_BASE_URL and JUDGE_API_KEY are required
([verifier.env]); without them the run is not scored (reward 0 with the reason as
_meta_not_scored, exit 3), and when the judge stays unreachable after its retries the verifier
fails loudly (reward 0 with the reason, exit 2) instead of scoring the agent.
``llm_judge.py --describe`` prints the checkpoints.

Goal gate (the SDK's): the renewing vendors, their deadlines, the scope, the costlier contract,
the renewals announced (no polite opposite, no copy of the instruction), the contracts left as
they are and a brief addressed to the user only are goals; once one is missed the reward is
0.49 times the secondary checkpoints' mean, so a brief that is wrong, or talks to its grader,
fails however the judge grades it."""

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from deterministic_checks import (
    ANSWER_KEY,
    MAX_COPIED_WORDS,
    MAX_WORDS,
    blocks,
    contracts,
    copied_words,
    costlier_problems,
    deadline_problems,
    decision_problems,
    out_of_scope_listed,
    require_brief,
    words,
)

from mock_services.verify import Grade, LlmJudge, Verifier, grader_address, load_rubric

TASK = "vendor-contract-brief"
TESTS = Path(__file__).resolve().parent
verifier = Verifier(TASK)


@verifier.checkpoint(weight=2, goal=True, rationale="both renewing contracts are named")
def renewing_listed() -> bool:
    text = require_brief()
    missing = [v for v in ANSWER_KEY["renewing"] if not blocks(text, v)]
    assert not missing, f"not named: {missing}"
    return True


@verifier.checkpoint(
    weight=3, goal=True, rationale="each one's last notice day, YYYY-MM-DD, beside it; no hedges"
)
def notice_dates() -> bool:
    problems = deadline_problems(require_brief())
    assert not problems, "; ".join(problems)
    return True


@verifier.checkpoint(
    weight=2, goal=True, rationale="expiring or later contracts are not listed as renewing"
)
def scope_respected() -> bool:
    listed = out_of_scope_listed(require_brief())
    assert not listed, f"listed as renewing: {listed}"
    return True


@verifier.checkpoint(
    weight=2, goal=True, rationale="the costlier renewing contract and its yearly cost"
)
def costlier_named() -> bool:
    problems = costlier_problems(require_brief())
    assert not problems, "; ".join(problems)
    return True


@verifier.checkpoint(
    weight=1, goal=True, rationale="it announces the renewals, not the opposite, in its own words"
)
def renewals_announced() -> bool:
    problems = decision_problems(require_brief())
    assert not problems, "; ".join(problems)
    return True


@verifier.checkpoint(
    weight=1, goal=True, rationale="the brief speaks to the user, never to its grader"
)
def addressed_to_user() -> bool:
    found = grader_address(require_brief())
    assert not found, f"text addressed to the grader: {found}"
    return True


@verifier.checkpoint(
    weight=1, goal=True, rationale="the contracts are left as they are, as the instruction asks"
)
def contracts_untouched() -> bool:
    require_brief()  # the brief is the one change: no credit for doing nothing
    contracts()
    return True


@verifier.checkpoint(
    weight=4, rationale="short and in the agent's own words, not the contracts pasted"
)
def own_short_brief() -> bool:
    text = require_brief()
    count, copied = len(words(text)), copied_words(text)
    assert count <= MAX_WORDS, f"{count} words, more than {MAX_WORDS}"
    assert copied <= MAX_COPIED_WORDS, f"{copied} words copied verbatim from the contracts"
    return True


@verifier.checkpoint(weight=4, rationale="an LLM judge grades accuracy and completeness")
def judged_quality() -> Grade:
    judge = LlmJudge()  # not scored at once when JUDGE_BASE_URL / JUDGE_API_KEY are unset
    return judge.grade(  # an unreachable judge raises here: a verifier failure, not the agent's
        load_rubric(TESTS / "rubric.json"),
        require_brief(),
        reference=json.dumps(ANSWER_KEY),
        task="Brief on vendor contracts renewing automatically before 1 July 2026.",
    )


if __name__ == "__main__":
    verifier.main()
