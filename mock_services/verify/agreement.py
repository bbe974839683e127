"""What the agent wrote beside its action, read by the LLM judge behind the deterministic guard.

The guard is each text's ``ContentRule.contradictions``: the wrong facts its vocabularies name
(another day, amount or person, an undoing request, a claim of work not done), and any words
addressed to the grader (``grader_address``: a memo that asks the reviewer for full marks). A
text it passes goes to the judge with the record of what was done, which says whether any
statement of it contradicts the record in words no vocabulary holds ("Net 35" of a Net 30
invoice, "the finance lead is joining" of a call nobody else was asked to). A run whose texts
the guard rejects never reaches the judge, and a run that wrote nothing needs no reading; the
judge's configuration is required either way, so whether a run is scored never depends on what
it wrote.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import date

from mock_services.verify.checkpoints import Result
from mock_services.verify.content import ContentRule
from mock_services.verify.judge import Criterion, LlmJudge, grader_address

AGREEMENT = Criterion(
    name="agrees_with_record",
    weight=1,
    description=(
        "Every statement of the texts agrees with the record of what was done (the reference's "
        "record): no other day, date, time, amount, count, term, place, person or decision "
        "than the record's; no claim of work the record does not show; no request, promise or "
        "condition that would change, delay or undo it. Greetings, thanks, a sign-off, true "
        "details and the record restated in other words are fine. Score 1.0 when nothing "
        "contradicts the record, 0.0 when any statement does."
    ),
)
"""The one criterion the judge grades what was written beside an action on."""
AGREES = 0.5
"""A judge's grade at or above this is agreement: the checkpoint scores 1, else 0."""


@dataclass(frozen=True)
class Said:
    """One text the agent wrote (``what``: where, e.g. "the bill's memo"), and the rule whose
    ``contradictions`` guard it before the judge reads it."""

    what: str
    text: str | None
    rule: ContentRule


@dataclass(frozen=True)
class Record:
    """What was done, as the judge reads it: the action in one sentence, and the true facts
    of it and its world that a text may repeat (names, numbers, days spelled out)."""

    action: str
    facts: Sequence[str]

    def reference(self) -> str:
        """The record as the judge's reference (``{"record": [...]}``, the action first)."""
        return json.dumps({"record": [self.action, *self.facts]}, ensure_ascii=False)


def spelled(day: date) -> str:
    """A day as a record gives it, in words and digits: "Friday 20 March 2026 (2026-03-20)"."""
    return f"{day:%A} {day.day} {day:%B %Y} ({day.isoformat()})"


def judged_agreement(
    said: Sequence[Said], record: Record, *, judge: Callable[[], LlmJudge] = LlmJudge
) -> Result:
    """1 when no text says anything against ``record``: none the guard rejects (a content
    rule's finding, or words to the grader: 0, naming each, the judge not asked), and the judge
    grades what is written as agreeing (or nothing is written). ``JudgeNotConfigured`` at once
    when the judge is not."""
    grader = judge()
    found = [f"{s.what}: {p}" for s in said for p in s.rule.contradictions(s.text).problems]
    found += [
        f"{s.what}: it speaks to its grader ({', '.join(words)})"
        for s in said
        if s.text and (words := grader_address(s.text))
    ]
    if found:
        return Result(0.0, f"the guard, before any judge: {'; '.join(found)}")
    written = [s for s in said if s.text and s.text.strip()]
    if not written:
        return Result(1.0, "nothing written beside the action: nothing to judge")
    answer = "\n\n".join(f"[{s.what}]\n{s.text}" for s in written)
    grade = grader.grade(
        [AGREEMENT],
        answer,
        reference=record.reference(),
        task=f"Texts an assistant wrote while doing this for its user: {record.action}",
    )
    result = grade.as_result()
    agrees = grade.reward >= AGREES
    verdict = "agrees with" if agrees else "contradicts"
    read = ", ".join(dict.fromkeys(s.what for s in written))
    return Result(
        1.0 if agrees else 0.0,
        f"the judge ({grade.model}) reads {read}: it {verdict} "
        f"the record ({grade.reward:g}): {grade.rationale}",
        extra=result.extra,
        meta=result.meta,
        judge=result.judge,
    )
