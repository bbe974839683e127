"""The instruction of a built task, assembled in a fixed order from parts that never hold
rubric text:

1. the prompt template (``templates/instruction.md`` or ``--prompt-template FILE``), filled
   with the record's title and prompt parts (``$title``, ``$context``, ``$task``,
   ``$constraints``, ``$task_type``),
2. the sandbox note,
3. the question block as JSON, every ``answer`` slot empty (null),
4. the required output path,
5. the source document (or a visible placeholder when it is missing and allowed).

A record whose prompt parts or questions contain its own rubric text (a criterion, a judge
fact or a reference answer) is refused before anything is written (``RubricLeak``). Both sides
are compared as ``mock_services.verify.normalise`` reads them (no zero-width characters,
homoglyphs, case; ``4,200``, ``4 2 0 0`` and ``42OO`` read as 4200), word by word.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass
from pathlib import Path
from string import Template
from typing import Any

from mock_services.verify.normalise import leak_forms, leak_text, shows
from taskkit.dataset.model import Record

DEFAULT_TEMPLATE = Path(__file__).with_name("templates") / "instruction.md"
OUTPUT_PATH = "/workspace/output/answers.json"
SANDBOX_NOTE = (
    "## Sandbox\n\n"
    "You work in a sandbox. Everything you need is in this instruction and its source "
    "document; do not rely on web access or on installing software. Only the file you write "
    "is read, not what you print."
)
MISSING_DOCUMENT = (
    "**[SOURCE DOCUMENT MISSING: this task was built with --allow-missing-document; it is "
    "for pipeline smoke tests only and not valid for evaluation.]**"
)


class BuildError(ValueError):
    """A record or option the build refuses; the message names the record or file."""


class RubricLeak(BuildError):
    """A record whose prompt parts or questions contain its own rubric text."""


class PromptTemplate:
    """The instruction preamble; its hash goes into the manifest and every task.toml."""

    def __init__(self, path: Path = DEFAULT_TEMPLATE) -> None:
        self.path = path
        try:
            self.text = path.read_text(encoding="utf-8")
        except OSError as exc:
            raise BuildError(f"--prompt-template {path}: cannot be read: {exc}") from None
        self.hash = "sha256:" + hashlib.sha256(self.text.encode()).hexdigest()
        unknown = {
            m.group("named") or m.group("braced")
            for m in Template.pattern.finditer(self.text)
            if (m.group("named") or m.group("braced"))
        } - set(PLACEHOLDERS)
        if unknown:
            raise BuildError(
                f"{path}: unknown placeholder(s) {sorted(unknown)}; expected any of "
                f"{', '.join('$' + p for p in PLACEHOLDERS)}"
            )

    def render(self, record: Record, task_type: str) -> str:
        constraints = "\n".join(f"- {c}" for c in record.prompt.constraints)
        constraints = f"Constraints:\n\n{constraints}" if constraints else ""
        values = {
            "title": record.title,
            "context": record.prompt.context,
            "task": record.prompt.task,
            "constraints": constraints,
            "task_type": task_type,
        }
        text = Template(self.text).safe_substitute(values).strip()
        return re.sub(r"\n{3,}", "\n\n", text)  # an empty part leaves no gap


PLACEHOLDERS = ("title", "context", "task", "constraints", "task_type")


@dataclass(frozen=True)
class HiddenValue:
    """A value of a record's rubric, and where it comes from (``criterion 'x' (fact)``)."""

    source: str
    value: str | int | float


def answer_source(record: Record, question: str) -> str:
    """The criterion that grades a reference answer (the question when none does)."""
    graders = [c.id for c in record.rubric.criteria if c.question == question]
    where = f"reference answer of {question!r}"
    return f"criterion {graders[0]!r} ({where})" if graders else where


def hidden_values(record: Record) -> list[HiddenValue]:
    """Every hidden value of a record: criteria, judge facts, reference answers (except a
    choice question's, which is one of the options the instruction lists by design)."""
    found = []
    for criterion in record.rubric.criteria:
        found.append(
            HiddenValue(f"criterion {criterion.id!r} (description)", criterion.description)
        )
        found += [HiddenValue(f"criterion {criterion.id!r} (fact)", f) for f in criterion.facts]
    choice = {q.id for q in record.questions if q.answer_type == "choice"}
    for question, answer in record.rubric.answers.items():
        if question in choice:
            continue
        values = answer if isinstance(answer, list) else [answer]
        found += [HiddenValue(answer_source(record, question), v) for v in values if v is not None]
    return found


def visible_parts(record: Record) -> dict[str, str]:
    """The record's fields that reach the instruction, by field name (choices excepted: a
    choice question lists its answer among the options by design)."""
    parts = {
        "title": record.title,
        "prompt.task": record.prompt.task,
        "prompt.context": record.prompt.context,
    }
    parts |= {f"prompt.constraints[{i}]": c for i, c in enumerate(record.prompt.constraints)}
    parts |= {f"questions[{i}].text": q.text for i, q in enumerate(record.questions)}
    return parts


def find_leaks(record: Record, text: str) -> list[HiddenValue]:
    """The hidden values of ``record`` that ``text`` shows."""
    text_forms = leak_forms(text)
    shown = [(h, leak_text(h.value)) for h in hidden_values(record)]
    return [h for h, value in shown if value and shows(text_forms, leak_forms(value))]


def refuse_leaks(record: Record) -> None:
    """Raises ``RubricLeak`` naming the record, the field and the rubric criterion."""
    for field, text in visible_parts(record).items():
        leaked = find_leaks(record, text)
        if leaked:
            raise RubricLeak(
                f"record {record.id!r}: {field} shows rubric text of {leaked[0].source}: "
                f"{str(leaked[0].value)[:60]!r}; the instruction must never show rubric text"
            )


def question_block(record: Record) -> dict[str, Any]:
    return {"questions": [q.slot() for q in record.questions]}


def assemble(record: Record, template: PromptTemplate, task_type: str, document: str | None) -> str:
    """The instruction.md text (the build has run ``refuse_leaks`` on the record)."""
    block = json.dumps(question_block(record), indent=2, ensure_ascii=False)
    source = document if document is not None else MISSING_DOCUMENT
    sections = [
        template.render(record, task_type),
        SANDBOX_NOTE,
        "## Questions\n\nAnswer each question by filling in its `answer` slot:\n\n"
        f"```json\n{block}\n```",
        f"## Output\n\nWrite the block above, every `answer` filled in, as JSON to "
        f"`{OUTPUT_PATH}`. Numbers as JSON numbers, lists as JSON lists of strings, a choice "
        "as one of its `choices`.",
        f"## Source document: {record.document}\n\n{source}",
    ]
    return "\n\n".join(s.strip() for s in sections) + "\n"
