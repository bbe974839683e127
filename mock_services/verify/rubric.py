"""The rubric grader of dataset-built tasks: scores the agent's answers against hidden rubrics.

``python3 -m mock_services.verify.rubric /tests/rubrics.json [--expect-version V]`` reads the
answers file the rubric names (the question block with its ``answer`` slots filled in), scores
every criterion (``exact`` and ``numeric`` checks locally, ``judge`` through the LLM-judge
contract of seed 001), writes ``reward.txt``/``reward.json`` (one key per criterion) and
``report.json`` (per criterion: question, check, weight, score, detail) to ``/logs/verifier``.

A grader that cannot grade is a verifier failure, never the agent's 0: a judge that is not
configured or unreachable, or a grader whose version differs from the one the task pins, ends
with exit code 2, ``report.json`` naming the reason, and no reward file, so Harbor records an
error for the trial instead of a score.
"""

from __future__ import annotations

import argparse
import json
import math
import re
import sys
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

import mock_services
from mock_services.verify.judge import Criterion, JudgeConfig, LlmJudge
from mock_services.verify.outputs import open_output
from mock_services.verify.reward import (
    META_PREFIX,
    VerifierFault,
    exit_code,
    score_line,
    verifier_dir,
    write_atomically,
    write_reward,
)

IDENTIFIER = r"^[a-z][a-z0-9_]*$"
REPORT_FILE = "report.json"
VERIFIER_FAILURE_EXIT = 2
Answer = str | float | int | list[str] | None


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Question(Strict):
    """One question of a record and the output slot the agent fills in."""

    id: str = Field(pattern=IDENTIFIER, description="unique within the record")
    text: str = Field(min_length=1, description="the question as the agent reads it")
    answer_type: Literal["text", "number", "choice", "list"] = Field(
        description="what the answer slot holds: a string, a number, one of `choices`, a list"
    )
    choices: list[str] = Field(default_factory=list, description="for answer_type 'choice'")

    @model_validator(mode="after")
    def _choices_only_for_choice(self) -> Question:
        if (self.answer_type == "choice") != bool(self.choices):
            raise ValueError("`choices` is required for answer_type 'choice' and only for it")
        return self

    def slot(self) -> dict[str, Any]:
        """The question as the instruction shows it: an empty ``answer`` slot."""
        block: dict[str, Any] = {"id": self.id, "question": self.text}
        block["answer_type"] = self.answer_type
        if self.choices:
            block["choices"] = self.choices
        block["answer"] = None
        return block


class RubricCriterion(Strict):
    """One hidden criterion; its ``id`` is its key in reward.json."""

    id: str = Field(pattern=IDENTIFIER, description="unique within the record")
    question: str = Field(description="the id of the question it grades")
    check: Literal["exact", "numeric", "judge"] = Field(
        description="exact: normalized text equals the reference answer; numeric: within "
        "`tolerance` of it; judge: the LLM judge scores the answer on `description`"
    )
    weight: float = Field(gt=0)
    description: str = Field(min_length=1, description="what the criterion rewards (hidden)")
    tolerance: float = Field(0.0, ge=0, description="numeric: the absolute tolerance")
    facts: list[str] = Field(
        default_factory=list, description="judge: the facts a full answer states (hidden)"
    )

    @model_validator(mode="after")
    def _fields_fit_check(self) -> RubricCriterion:
        if self.check == "judge" and not self.facts:
            raise ValueError("a 'judge' criterion needs `facts` (what a full answer states)")
        if self.check != "judge" and self.facts:
            raise ValueError(f"`facts` belong to 'judge' criteria, not {self.check!r}")
        if self.check != "numeric" and self.tolerance:
            raise ValueError(f"`tolerance` belongs to 'numeric' criteria, not {self.check!r}")
        return self


class Rubric(Strict):
    """The hidden part of a record: reference answers and criteria."""

    answers: dict[str, Answer] = Field(
        default_factory=dict, description="reference answer per question id (for solve.sh)"
    )
    criteria: list[RubricCriterion] = Field(min_length=1)


class RubricFile(Strict):
    """``tests/rubrics.json`` of a built task: everything the grader needs."""

    task: str
    grader_version: str
    output: str = Field(description="absolute path of the answers file")
    questions: list[Question]
    rubric: Rubric


class CriterionScore(BaseModel):
    id: str
    question: str
    check: str
    weight: float
    score: float
    detail: str


class GraderFailure(VerifierFault):
    """The grader cannot grade (wrong version, unreadable rubric): a verifier failure."""


# --- reading the agent's answers ----------------------------------------------------------


def read_answers(path: Path) -> tuple[dict[str, Any], str]:
    """{question id: answer} from the agent's answers file, or ({}, why) when unusable."""
    try:
        found = open_output(path, any_owner=True)
    except ValueError as exc:
        return {}, str(exc)
    if found is None:
        return {}, f"{path}: no answers file"
    try:
        data = found.json()
    except ValueError as exc:
        return {}, str(exc)
    slots = data.get("questions") if isinstance(data, dict) else None
    if not isinstance(slots, list):
        return {}, f'{path}: expected {{"questions": [{{"id": ..., "answer": ...}}, ...]}}'
    answers = {
        s["id"]: s.get("answer")
        for s in slots
        if isinstance(s, dict) and isinstance(s.get("id"), str)
    }
    return answers, ""


# --- the checks -------------------------------------------------------------------------------


def normalize(value: Any) -> str:
    """Case, surrounding punctuation and runs of spaces do not count."""
    return re.sub(r"\s+", " ", str(value)).strip().strip(".;,").strip().casefold()


def as_number(value: Any) -> float | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        return float(value)
    if isinstance(value, str):
        cleaned = re.sub(r"[,\s$%€£]", "", value)
        try:
            return float(cleaned)
        except ValueError:
            return None
    return None


def exact_score(answer: Any, reference: Any) -> tuple[float, str]:
    if isinstance(reference, list):
        given = {normalize(v) for v in answer} if isinstance(answer, list) else set()
        wanted = {normalize(v) for v in reference}
        return (1.0, "all items match") if given == wanted else (0.0, "the items differ")
    if normalize(answer) == normalize(reference):
        return 1.0, "matches the reference"
    return 0.0, f"{str(answer)[:80]!r} does not match the reference"


def numeric_score(answer: Any, reference: Any, tolerance: float) -> tuple[float, str]:
    given, wanted = as_number(answer), as_number(reference)
    if given is None or not math.isfinite(given):
        return 0.0, f"{str(answer)[:80]!r} is not a number"
    if wanted is None:
        raise GraderFailure(f"the reference answer {reference!r} is not a number")
    if abs(given - wanted) <= tolerance + 1e-9:
        return 1.0, f"within {tolerance:g} of the reference"
    return 0.0, f"{given:g} is off by more than {tolerance:g}"


class Grader:
    """Scores one task's criteria; the judge is set up first when any criterion needs it."""

    def __init__(self, rubric: RubricFile, judge: LlmJudge | None = None) -> None:
        self.rubric = rubric
        needs_judge = any(c.check == "judge" for c in rubric.rubric.criteria)
        self.judge = judge or (LlmJudge(JudgeConfig.from_env()) if needs_judge else None)
        self.texts = {q.id: q.text for q in rubric.questions}

    def score(self, criterion: RubricCriterion, answers: dict[str, Any]) -> tuple[float, str]:
        answer = answers.get(criterion.question)
        if answer is None or answer == "" or answer == []:
            return 0.0, f"question {criterion.question!r} was not answered"
        reference = self.rubric.rubric.answers.get(criterion.question)
        if criterion.check == "exact":
            return exact_score(answer, reference)
        if criterion.check == "numeric":
            return numeric_score(answer, reference, criterion.tolerance)
        assert self.judge is not None
        grade = self.judge.grade(
            [
                Criterion(
                    name=criterion.id, weight=criterion.weight, description=criterion.description
                )
            ],
            answer if isinstance(answer, str) else json.dumps(answer),
            reference=json.dumps({"answer": reference, "facts": criterion.facts}),
            task=self.texts.get(criterion.question, ""),
        )
        return grade.scores[criterion.id], grade.rationales[criterion.id]

    def grade(self, answers: dict[str, Any], problem: str) -> list[CriterionScore]:
        results = []
        for c in self.rubric.rubric.criteria:
            score, detail = self.score(c, answers) if answers else (0.0, problem)
            results.append(
                CriterionScore(
                    id=c.id,
                    question=c.question,
                    check=c.check,
                    weight=c.weight,
                    score=score,
                    detail=detail,
                )
            )
        return results


def weighted_reward(scores: list[CriterionScore]) -> float:
    total = sum(s.weight for s in scores)
    return round(sum(s.weight * s.score for s in scores) / total, 6)


# --- the command --------------------------------------------------------------------------


def load_rubric_file(path: Path) -> RubricFile:
    try:
        return RubricFile.model_validate_json(path.read_bytes())
    except (OSError, ValidationError) as exc:
        raise GraderFailure(f"{path}: not a readable rubric file: {exc}") from None


def check_version(expected: str | None) -> None:
    if expected and expected != mock_services.__version__:
        raise GraderFailure(
            f"the grader in this image is version {mock_services.__version__}; the task was "
            f"built for {expected} (rebuild the task or the image)"
        )


def write_report(directory: Path, report: dict[str, Any]) -> None:
    directory.mkdir(parents=True, exist_ok=True)
    write_atomically(directory / REPORT_FILE, json.dumps(report, indent=2) + "\n")


def run(
    rubric_path: Path, *, expect_version: str | None = None, directory: Path | None = None
) -> int:
    """Grade and write the files; the exit code (0 pass, 1 below 0.5, 2 verifier failure)."""
    directory = directory or verifier_dir()
    grader_info = {
        "version": mock_services.__version__,
        "path": str(Path(mock_services.__file__).parent),
    }
    try:
        check_version(expect_version)
        rubric = load_rubric_file(rubric_path)
        grader = Grader(rubric)
        answers, problem = read_answers(Path(rubric.output))
        scores = grader.grade(answers, problem)
    except VerifierFault as exc:
        write_report(
            directory, {"status": "verifier_error", "error": str(exc), "grader": grader_info}
        )
        print(f"verifier failure (not scored): {exc}", file=sys.stderr)
        return VERIFIER_FAILURE_EXIT
    reward = weighted_reward(scores)
    values: dict[str, Any] = {s.id: s.score for s in scores}
    values["reward"] = reward
    values[f"{META_PREFIX}task"] = rubric.task
    write_reward(values, directory)
    write_report(
        directory,
        {
            "status": "scored",
            "task": rubric.task,
            "reward": reward,
            "grader": grader_info,
            "criteria": [s.model_dump() for s in scores],
        },
    )
    for s in scores:
        print(f"[{s.score:.2f}] {s.id} ({s.check}, weight {s.weight:g}): {s.detail}")
    print(score_line(reward))
    return exit_code(reward)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python3 -m mock_services.verify.rubric")
    parser.add_argument("rubrics", type=Path, help="the task's tests/rubrics.json")
    parser.add_argument("--expect-version", help="fail unless the grader is this version")
    args = parser.parse_args(argv)
    return run(args.rubrics, expect_version=args.expect_version)


if __name__ == "__main__":
    sys.exit(main())
