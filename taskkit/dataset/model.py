"""The canonical dataset format: a folder with ``dataset.json``, ``records.jsonl`` (one
``Record`` a line) and ``documents/``. The question and rubric models are the grader's own
(``mock_services.verify.rubric``), so what the build writes is what the grader reads.

``python -m taskkit dataset-schema`` writes the JSON Schema of both files from these models
(``taskkit/dataset/schema/``); a test keeps the committed copy in step.
"""

from __future__ import annotations

import re
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from mock_services.verify.rubric import Question, Rubric

KEBAB = r"^[a-z0-9]+(?:-[a-z0-9]+)*$"
HOST = re.compile(r"^(?:\*\.)?[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?$")


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class JudgeSettings(Strict):
    """The LLM judge the verifier reaches; its host is the verifier's only allowed host."""

    host: str = Field(description="the judge API's host name, e.g. api.deepseek.com")
    model: str = Field("deepseek-v3.2", min_length=1, description="JUDGE_MODEL_ID's default")

    @field_validator("host")
    @classmethod
    def _host_name(cls, value: str) -> str:
        if not HOST.match(value):
            raise ValueError(f"expected a host name such as api.example.com, got {value!r}")
        return value


class DatasetManifest(Strict):
    """``dataset.json``: the dataset's name, version, task types and judge."""

    name: str = Field(pattern=KEBAB, description="kebab-case; the task names' org part")
    version: str = Field(pattern=r"^\d+\.\d+(?:\.\d+)?$", description="e.g. 1.0.0")
    description: str = Field(min_length=1)
    task_types: dict[str, str] = Field(
        min_length=1, description="task type (a lowercase token) -> what the agent does in it"
    )
    judge: JudgeSettings
    domain: str = Field("Documents & Knowledge", description="[metadata].domain of every task")

    @field_validator("task_types")
    @classmethod
    def _type_tokens(cls, values: dict[str, str]) -> dict[str, str]:
        bad = [k for k in values if not re.fullmatch(KEBAB, k)]
        if bad:
            raise ValueError(f"task type names must be kebab-case tokens, got {bad}")
        return values


class PromptParts(Strict):
    """What the agent is asked, in parts; never rubric text."""

    task: str = Field(min_length=1, description="the request itself")
    context: str = Field("", description="background the agent needs (role, audience)")
    constraints: list[str] = Field(default_factory=list, description="rules for the answers")


class Record(Strict):
    """One line of ``records.jsonl``: one task."""

    id: str = Field(pattern=KEBAB, description="kebab-case; the task directory's name")
    task_type: str = Field(description="one of the manifest's task_types")
    title: str = Field(min_length=1)
    difficulty: Literal["easy", "medium", "hard"] = "medium"
    keywords: list[str] = Field(min_length=2, max_length=6, description="lowercase tokens")
    prompt: PromptParts
    questions: list[Question] = Field(min_length=1)
    rubric: Rubric = Field(description="hidden: never shown to the agent")
    document: str = Field(description="a file name under documents/")

    @field_validator("keywords")
    @classmethod
    def _lowercase_tokens(cls, values: list[str]) -> list[str]:
        bad = [v for v in values if not re.fullmatch(r"[a-z0-9][a-z0-9+.-]*", v)]
        if bad:
            raise ValueError(f"keywords must be lowercase tokens, got {bad}")
        return values

    @field_validator("document")
    @classmethod
    def _plain_file_name(cls, value: str) -> str:
        if not re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9._-]*", value) or ".." in value:
            raise ValueError(f"expected a file name in documents/ (no folders), got {value!r}")
        return value

    @model_validator(mode="after")
    def _rubric_fits_questions(self) -> Record:
        ids = [q.id for q in self.questions]
        if len(set(ids)) != len(ids):
            raise ValueError(f"questions: ids repeat: {ids}")
        criteria = [c.id for c in self.rubric.criteria]
        if len(set(criteria)) != len(criteria):
            raise ValueError(f"rubric.criteria: ids repeat: {criteria}")
        for criterion in self.rubric.criteria:
            if criterion.question not in ids:
                raise ValueError(
                    f"rubric.criteria {criterion.id!r}: question {criterion.question!r} is not "
                    f"one of {ids}"
                )
            if criterion.check != "judge" and criterion.question not in self.rubric.answers:
                raise ValueError(
                    f"rubric.criteria {criterion.id!r}: a {criterion.check!r} check needs "
                    f"rubric.answers[{criterion.question!r}]"
                )
            reference = self.rubric.answers.get(criterion.question)
            if criterion.check == "judge" and isinstance(reference, str):
                absent = [f for f in criterion.facts if f.lower() not in reference.lower()]
                if absent:
                    raise ValueError(
                        f"rubric.criteria {criterion.id!r}: the reference answer of "
                        f"{criterion.question!r} does not state the fact(s) {absent}"
                    )
        unknown = sorted(set(self.rubric.answers) - set(ids))
        if unknown:
            raise ValueError(f"rubric.answers: {unknown} are not question ids {ids}")
        return self

    @property
    def has_reference_answers(self) -> bool:
        return all(q.id in self.rubric.answers for q in self.questions)
