"""WebVoyager (``data/*.jsonl`` + ``data/reference_answer.json``): browser tasks on live
websites. Its own evaluator (``evaluation/auto_eval.py``) is a GPT-4V judge that reads the task,
the agent's answer and its last screenshots and says SUCCESS or NOT SUCCESS; it reads no answer
key. ``GAIA_web.jsonl`` holds 90 GAIA validation questions with GAIA's exact ``Final answer``,
scored here as GAIA scores it (quasi-exact match, ``gaia_exact_match``).

| webvoyager field | ours | notes |
|---|---|---|
| ``id`` (``<web_name>--<n>``; GAIA: ``level<L>-<n>``) | ``source_id``; task dir ``webvoyager-<id>`` (GAIA: ``webvoyager-gaia-<id>``) | an id seen before: refused, naming the record it duplicates |
| ``ques`` | instruction.md, title | |
| ``web`` | start URL | not one of our services: not runnable here (needs the live site) |
| ``web_name`` | category; keyword | GAIA: category ``GAIA`` |
| (none) | time limit | 300 s, informational |
| ``reference_answer.json[web_name].answers[id == n].ans`` | the judge's reference; the oracle's answer | none: the judge grades without one, informational (upstream's judge reads none) |
| ``... .type`` (golden / possible), ``... [web_name].notice`` | said to the judge | |
| (the last screenshots upstream's judge reads) | none | lossy: the judge reads the answer file alone |
| GAIA ``Final answer`` | ``gaia_exact_match`` (goal); the oracle's answer; two wrong answers | |
| GAIA ``Level`` (1, 2, 3) | difficulty easy / medium / hard | other: medium, informational |
| GAIA ``task_id`` | dropped | informational |
| a line that is not JSON, or lacks a field above | refused (file, line, field) | |
| a ``reference_answer*.json`` that cannot be read | refused, counted as one record | its tasks: no reference (informational) |

Scoring layers: llm_judge_only (WebVoyager's tasks), submission_intercept (GAIA's).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from pydantic import BaseModel, ConfigDict, Field

from mock_services.registry import all_specs
from mock_services.verify.imported import ImportedCheck
from mock_services.verify.upstream.web_judged import gaia_match
from taskkit.importers.base import (
    SOURCE_FOLDER,
    ImportLog,
    RecordContext,
    RecordError,
    parsed,
    pins,
)
from taskkit.importers.model import ImportedTask, Oracle, Provenance, ScoringLayer, task_id

NAME = "webvoyager"
LAYERS = (ScoringLayer.LLM_JUDGE_ONLY, ScoringLayer.SUBMISSION_INTERCEPT)
GAIA_ANSWER = "Final answer"
DEFAULT_TIME_LIMIT = 300.0
GAIA_LEVELS = {1: "easy", 2: "medium", 3: "hard"}
LOCAL_HOSTS = ("127.0.0.1", "localhost")
DOMAINS = {
    "Allrecipes": "Health & Wellness",
    "Amazon": "E-commerce & Daily Svcs",
    "Apple": "E-commerce & Daily Svcs",
    "ArXiv": "Deep Research & Report",
    "GitHub": "Coding & Software Dev",
    "Google Flights": "E-commerce & Daily Svcs",
    "Google Map": "E-commerce & Daily Svcs",
    "Google Search": "Deep Research & Report",
    "Huggingface": "Coding & Software Dev",
    "Wolfram Alpha": "Deep Research & Report",
    "Cambridge Dictionary": "Documents & Knowledge",
    "Coursera": "Documents & Knowledge",
    "ESPN": "Deep Research & Report",
    "BBC News": "Deep Research & Report",
    "Booking": "E-commerce & Daily Svcs",
}


class Record(BaseModel):
    """A line of ``WebVoyager_data.jsonl`` (and of ``tasks_test.jsonl``, a copy of some)."""

    model_config = ConfigDict(extra="allow")
    id: str = Field(pattern=r"^.+--\d+$")
    web_name: str = Field(min_length=1)
    ques: str = Field(min_length=1)
    web: str = Field(min_length=1)


class GaiaRecord(BaseModel):
    """A line of ``GAIA_web.jsonl``: a GAIA validation question with its exact answer."""

    model_config = ConfigDict(extra="allow")
    id: str = Field(min_length=1)
    task_id: str = ""
    level: int | None = Field(None, alias="Level")
    final_answer: str = Field(alias=GAIA_ANSWER, min_length=1)
    ques: str = Field(min_length=1)
    web: str = Field(min_length=1)


@dataclass
class Seen:
    """The records already imported by id: where each was and what it held."""

    where: dict[str, tuple[str, dict[str, Any]]] = field(default_factory=dict)

    def claim(
        self, record_id: str, entry: dict[str, Any], ctx: RecordContext, place: str, key: str
    ) -> None:
        """Refused when ``record_id`` (field ``key``) was seen; ``place``: where this record
        is. A true duplicate names the record it repeats, field for field."""
        if record_id in self.where:
            first_place, first = self.where[record_id]
            if first == entry:
                raise ctx.refuse(
                    key, f"duplicates {first_place} (the same record, field for field)"
                )
            differ = sorted(k for k in first.keys() | entry.keys() if first.get(k) != entry.get(k))
            raise ctx.refuse(
                key, f"{record_id!r} is already the id of {first_place}; {differ} differ"
            )
        self.where[record_id] = (place, entry)


@cache
def _service_ports() -> frozenset[int]:
    return frozenset(spec.port for spec in all_specs().values())


def live_site(url: str) -> str | None:
    """Why a task starting at ``url`` cannot run here (None: the URL is one of our services)."""
    parts = urlsplit(url.strip())
    host = parts.hostname or url.strip()
    try:
        ours = host in LOCAL_HOSTS and parts.port in _service_ports()
    except ValueError:  # a port that is not a number
        ours = False
    return None if ours else f"needs the live site {host}"


def load(path: Path, log: ImportLog | None = None) -> list[ImportedTask]:
    """Every line of the ``*.jsonl`` task files of ``path`` with the ``reference_answer*.json``
    beside them, each file resolving inside the folder."""
    log = log if log is not None else ImportLog()
    folder = path.parent if path.is_file() else path
    references, problem = _references(folder, log)
    seen = Seen()
    tasks = []
    for file in [path] if path.is_file() else sorted(folder.glob("*.jsonl")):
        base = RecordContext(NAME, pins()[NAME], log, file.name, "(file)")
        try:
            text = base.read(folder, file.name, "(file)", SOURCE_FOLDER)
        except RecordError as error:
            log.records += 1  # the file stands for its records: one refusal
            log.refuse(error)
            continue
        for number, line in enumerate(text.splitlines(), start=1):
            if not line.strip():
                continue
            log.records += 1
            ctx = RecordContext(NAME, pins()[NAME], log, file.name, f"line {number}")
            try:
                tasks.append(_task(line, ctx, references, problem, seen))
            except RecordError as error:
                log.refuse(error)
    return tasks


def _references(folder: Path, log: ImportLog) -> tuple[dict[str, Any], str]:
    """The merged ``reference_answer*.json`` files, and what was wrong with any of them. A file
    that cannot be read is refused, and counted as one record (it stands for its answers)."""
    merged: dict[str, Any] = {}
    problems = []
    for file in sorted(folder.glob("reference_answer*.json")):
        ctx = RecordContext(NAME, pins()[NAME], log, file.name, "(file)")
        try:
            data = ctx.parse_json(ctx.read(folder, file.name, "(file)", SOURCE_FOLDER))
            if not isinstance(data, dict):
                raise ctx.refuse("(file)", f"expected an object, got {type(data).__name__}")
        except RecordError as error:
            log.records += 1
            log.refuse(error)
            problems.append(f"{file.name} refused")
            continue
        merged |= data
    return merged, "; ".join(problems)


def _task(
    line: str, ctx: RecordContext, references: dict[str, Any], problem: str, seen: Seen
) -> ImportedTask:
    entry = ctx.parse_json(line, "(line)")
    if not isinstance(entry, dict):
        raise ctx.refuse("(line)", f"expected an object, got {type(entry).__name__}")
    if GAIA_ANSWER in entry:
        gaia: GaiaRecord = parsed(GaiaRecord, entry, ctx)
        seen.claim(gaia.id, entry, ctx, f"{ctx.file} {ctx.record}", "id")
        return _gaia_task(gaia, ctx)
    record: Record = parsed(Record, entry, ctx)
    seen.claim(record.id, entry, ctx, f"{ctx.file} {ctx.record}", "id")
    return _web_task(record, ctx, references, problem)


def _start(ctx: RecordContext, source_id: str, slug: str) -> Provenance:
    """Name the record's task and warn of what every task shares; its provenance."""
    line_ref = ctx.record
    ctx.record = source_id
    ctx.task = task_id(NAME, slug)
    provenance = ctx.provenance(source_id, line_ref)
    ctx.warn("time_limit", f"not in the record; {DEFAULT_TIME_LIMIT:g} s", lossy=False)
    return provenance


def _web_task(
    record: Record, ctx: RecordContext, references: dict[str, Any], problem: str
) -> ImportedTask:
    provenance = _start(ctx, record.id, record.id)
    ctx.warn(
        "screenshots",
        "upstream's judge reads the last screenshots with the answer; here it reads the answer "
        "file (with the reference answer)",
        lossy=True,
    )
    number = int(record.id.rsplit("--", 1)[1])
    site = references.get(record.web_name, {})
    site = site if isinstance(site, dict) else {}
    answers = [a for a in site.get("answers", []) if isinstance(a, dict) and a.get("id") == number]
    reference = answer = ""
    if answers:
        answer = str(answers[0].get("ans", ""))
        note = (
            "the only correct answer"
            if answers[0].get("type") == "golden"
            else "one possible answer of several"
        )
        notice = str(site.get("notice", "")).strip()
        reference = f"{answer} ({note}){'; note: ' + notice if notice else ''}"
    else:
        why = f" ({problem})" if problem else ""
        ctx.warn(
            "reference_answer",
            f"none for this task{why}: the judge grades without one, as upstream's does",
            lossy=False,
        )
    task = ImportedTask(
        id=ctx.task,
        title=record.ques[:120],
        instruction=record.ques,
        start_url=record.web,
        time_limit_sec=DEFAULT_TIME_LIMIT,
        category=record.web_name,
        domain=DOMAINS.get(record.web_name, "Deep Research & Report"),
        keywords=["web", "live-site", re.sub(r"\W+", "-", record.web_name.lower())],
        checks=[
            ImportedCheck(
                name="judge_answer",
                kind="judge",
                weight=1.0,
                goal=True,
                rationale="the task is done: upstream's judge says SUCCESS (here: LLM judge "
                "with the reference answer)",
                question=f"Does the answer fulfil this task: {record.ques}",
                reference=reference,
            )
        ],
        layers=[ScoringLayer.LLM_JUDGE_ONLY],
        oracle=Oracle(answer=f"{answer}\n" if answer else ""),
        not_runnable=live_site(record.web),
        provenance=provenance,
    )
    ctx.check_time("mapping the record")
    return task


def _gaia_task(record: GaiaRecord, ctx: RecordContext) -> ImportedTask:
    provenance = _start(ctx, record.id, f"gaia-{record.id}")
    if record.level not in GAIA_LEVELS:
        ctx.warn("Level", f"{record.level!r}: medium", lossy=False)
    if record.task_id:
        ctx.warn("task_id", f"GAIA's own id {record.task_id}: not used", lossy=False)
    expected = record.final_answer.strip()
    task = ImportedTask(
        id=ctx.task,
        title=record.ques[:120],
        instruction=record.ques,
        start_url=record.web,
        time_limit_sec=DEFAULT_TIME_LIMIT,
        category="GAIA",
        domain="Deep Research & Report",
        difficulty=GAIA_LEVELS.get(record.level or 0, "medium"),
        keywords=["web", "live-site", "gaia"],
        checks=[
            ImportedCheck(
                name="gaia_answer",
                kind="gaia_exact_match",
                weight=1.0,
                goal=True,
                rationale="the answer is GAIA's final answer (GAIA's quasi-exact match: numbers "
                "as numbers, lists item by item, text without spaces, punctuation or case)",
                values=[expected],
            )
        ],
        layers=[ScoringLayer.SUBMISSION_INTERCEPT],
        oracle=Oracle(answer=f"{expected}\n"),
        wrong=_gaia_wrong(expected, ctx),
        not_runnable=live_site(record.web),
        provenance=provenance,
    )
    ctx.check_time("mapping the record")
    return task


def _gaia_wrong(expected: str, ctx: RecordContext) -> dict[str, Oracle]:
    """Near misses an agent gives: the answer inside a sentence, and a slightly wrong value
    (off by one in the last digit, one list item missing, one word short, singular/plural).
    Each is checked to fail GAIA's match; one that would pass is refused."""
    wrong = {
        "answer-in-a-sentence": f"The answer is {expected}.",
        "near-miss-value": _near_miss(expected),
    }
    for name, answer in wrong.items():
        if gaia_match(answer, expected):
            raise ctx.refuse(GAIA_ANSWER, f"wrong solution {name} ({answer!r}) would pass")
    return {name: Oracle(answer=f"{answer}\n") for name, answer in wrong.items()}


def _near_miss(expected: str) -> str:
    items = re.split(r"([,;])", expected)
    if len(items) > 1:  # a list: the last item missing
        return "".join(items[:-2]).strip()
    if re.search(r"\d", expected):  # a number, a date, a time: the last digit off by one
        index = max(i for i, c in enumerate(expected) if c.isdigit())
        digit = str((int(expected[index]) + 1) % 10)
        return expected[:index] + digit + expected[index + 1 :]
    words = expected.split()
    if len(words) > 1:  # a phrase: its last word missing
        return " ".join(words[:-1])
    return expected[:-1] if expected.endswith("s") else f"{expected}s"
