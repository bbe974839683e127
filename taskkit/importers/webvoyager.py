"""WebVoyager (``data/WebVoyager_data.jsonl`` + ``data/reference_answer.json``): browser tasks
on live websites, scored by an LLM judge with the reference answer.

| webvoyager field | ours | notes |
|---|---|---|
| ``id`` (``<web_name>--<n>``) | ``source_id``; task dir ``webvoyager-<id>`` | |
| ``ques`` | instruction.md, title | |
| ``web`` | start URL | |
| ``web_name`` | category; keyword | |
| (none) | time limit | 300 s, warning |
| ``reference_answer.json[web_name].answers[id == n].ans`` | the judge's reference; the oracle's answer | none found: the judge has no reference, warning |
| ``... .type`` (golden / possible) | said to the judge (a possible answer is one of several) | |
| ``... [web_name].notice`` | said to the judge | |
| a line that is not JSON, or lacks ``id``/``ques``/``web`` | refused (file, line) | |

Scoring layers: llm_judge_only.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from mock_services.verify.imported import ImportedCheck
from taskkit.importers.base import (
    SOURCE_FOLDER,
    ImportLog,
    RecordContext,
    RecordError,
    parsed,
    pins,
)
from taskkit.importers.model import ImportedTask, Oracle, ScoringLayer, task_id

NAME = "webvoyager"
LAYERS = (ScoringLayer.LLM_JUDGE_ONLY,)
DEFAULT_TIME_LIMIT = 300.0
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
    model_config = ConfigDict(extra="allow")
    id: str = Field(pattern=r"^.+--\d+$")
    web_name: str = Field(min_length=1)
    ques: str = Field(min_length=1)
    web: str = Field(min_length=1)


def load(path: Path, log: ImportLog | None = None) -> list[ImportedTask]:
    """The ``*.jsonl`` task files of ``path`` with the ``reference_answer*.json`` beside them,
    each file resolving inside the folder."""
    log = log if log is not None else ImportLog()
    folder = path.parent if path.is_file() else path
    references = _references(folder, log)
    tasks = []
    for file in [path] if path.is_file() else sorted(folder.glob("*.jsonl")):
        base = RecordContext(NAME, pins()[NAME], log, file.name, "(file)")
        try:
            text = base.read(folder, file.name, "(file)", SOURCE_FOLDER)
        except RecordError as error:
            log.refuse(error)
            continue
        for number, line in enumerate(text.splitlines(), start=1):
            if not line.strip():
                continue
            ctx = RecordContext(NAME, pins()[NAME], log, file.name, f"line {number}")
            try:
                tasks.append(_task(line, ctx, references))
            except RecordError as error:
                log.refuse(error)
    return tasks


def _references(folder: Path, log: ImportLog) -> dict[str, Any]:
    merged: dict[str, Any] = {}
    for file in sorted(folder.glob("reference_answer*.json")):
        ctx = RecordContext(NAME, pins()[NAME], log, file.name, "(file)")
        try:
            data = ctx.parse_json(ctx.read(folder, file.name, "(file)", SOURCE_FOLDER))
        except RecordError as error:
            log.refuse(error)
            continue
        merged |= data if isinstance(data, dict) else {}
    return merged


def _task(line: str, ctx: RecordContext, references: dict[str, Any]) -> ImportedTask:
    entry = ctx.parse_json(line, "(line)")
    if not isinstance(entry, dict):
        raise ctx.refuse("(line)", f"expected an object, got {type(entry).__name__}")
    record: Record = parsed(Record, entry, ctx)
    line_ref = ctx.record
    ctx.record = record.id
    ctx.task = task_id(NAME, record.id)
    provenance = ctx.provenance(record.id, line_ref)
    ctx.warn("time_limit", f"not in the record; {DEFAULT_TIME_LIMIT:g} s")
    number = int(record.id.rsplit("--", 1)[1])
    site = references.get(record.web_name, {})
    answers = [a for a in site.get("answers", []) if isinstance(a, dict) and a.get("id") == number]
    reference = ""
    if answers:
        kind = answers[0].get("type", "possible")
        reference = str(answers[0].get("ans", ""))
        note = "the only correct answer" if kind == "golden" else "one possible answer of several"
        reference = f"{reference} ({note}){'; note:' + site['notice'] if site.get('notice', '').strip() else ''}"
    else:
        ctx.warn("reference_answer", "none for this task: the judge grades without a reference")
    task = ImportedTask(
        id=ctx.task,
        title=record.ques[:120],
        instruction=record.ques,
        start_url=record.web,
        time_limit_sec=DEFAULT_TIME_LIMIT,
        category=record.web_name,
        domain=DOMAINS.get(record.web_name, "Deep Research & Report"),
        keywords=["web", "live-site", record.web_name.lower().replace(" ", "-")],
        checks=[
            ImportedCheck(
                name="judge_answer",
                kind="judge",
                weight=1.0,
                goal=True,
                rationale="the answer fulfils the task (LLM judge with the reference answer)",
                question=f"Does the answer fulfil this task: {record.ques}",
                reference=reference,
            )
        ],
        layers=list(LAYERS),
        oracle=Oracle(answer=str(answers[0].get("ans", "")) + "\n" if answers else ""),
        provenance=provenance,
    )
    ctx.check_time("mapping the record")
    return task
