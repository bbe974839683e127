"""Online-Mind2Web (``Online_Mind2Web.json``: a list of records): browser tasks on live
websites, scored by an LLM judge over the agent's trajectory (WebJudge-style) when a judge is
configured, otherwise not scored.

| mind2web field | ours | notes |
|---|---|---|
| ``task_id`` | ``source_id``; task dir ``mind2web-<id>`` | |
| ``confirmed_task`` | instruction.md, title | |
| ``website`` | start URL; category (its host) | not one of our services: not runnable here (needs the live site) |
| (none) | time limit | 300 s, informational |
| ``level`` | difficulty (easy / medium / hard) | other values: medium, informational |
| ``reference_length`` | dropped (the human trajectory's step count; WebJudge does not read it) | informational |
| (the trajectory) | ``webjudge``: a ``judge`` checkpoint on the agent's answer file | lossy: WebJudge reads key screenshots and the action history; here the judge reads the agent's own account of its steps |
| a record without ``task_id``/``confirmed_task``/``website``, or a ``task_id`` seen before | refused (file, index, field) | |

Scoring layers: llm_judge_only (step_trace_replay is not available for Online-Mind2Web, which
has no per-step reference). WebJudge itself is not in the pinned checkout (a third-party
mirror of the data and of one agent's runs): see ``taskkit.parity.bridges.mind2web``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

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
from taskkit.importers.model import ImportedTask, ScoringLayer, task_id
from taskkit.importers.webvoyager import Seen, live_site

NAME = "mind2web"
LAYERS = (ScoringLayer.LLM_JUDGE_ONLY,)
DEFAULT_TIME_LIMIT = 300.0
WEBJUDGE = (
    "Judge whether the agent completed the task on the website, from its account of the steps "
    "it took and the result it reports. Every requirement of the task must be met."
)


class Record(BaseModel):
    model_config = ConfigDict(extra="allow")
    task_id: str = Field(min_length=1)
    confirmed_task: str = Field(min_length=1)
    website: str = Field(min_length=1)
    level: str | None = None
    reference_length: int | None = None


def load(path: Path, log: ImportLog | None = None) -> list[ImportedTask]:
    """Every record of the ``*.json`` lists in ``path`` (a folder, or one file), each file
    resolving inside it."""
    log = log if log is not None else ImportLog()
    folder = path.parent if path.is_file() else path
    tasks = []
    seen = Seen()
    for file in [path] if path.is_file() else sorted(path.glob("*.json")):
        base = RecordContext(NAME, pins()[NAME], log, file.name, "(file)")
        records = read_list(folder, file.name, base)
        for index, entry in enumerate(records):
            log.records += 1
            ctx = RecordContext(NAME, pins()[NAME], log, file.name, str(index))
            try:
                tasks.append(_task(entry, ctx, index, seen))
            except RecordError as error:
                log.refuse(error)
    return tasks


def read_list(folder: Path, name: str, ctx: RecordContext) -> list[Any]:
    """The records of the JSON list file ``folder / name``; a file that is not one is refused
    into the log (empty)."""
    try:
        data = ctx.parse_json(ctx.read(folder, name, "(file)", SOURCE_FOLDER))
        if not isinstance(data, list):
            raise ctx.refuse("(file)", f"expected a JSON list, got {type(data).__name__}")
    except RecordError as error:
        ctx.log.records += 1  # the file stands for its records: one refusal
        ctx.log.refuse(error)
        return []
    return data


def _task(entry: Any, ctx: RecordContext, index: int, seen: Seen) -> ImportedTask:
    if not isinstance(entry, dict):
        raise ctx.refuse("(record)", f"expected an object, got {type(entry).__name__}")
    record: Record = parsed(Record, entry, ctx)
    seen.claim(record.task_id, entry, ctx, f"{ctx.file} record {index}", "task_id")
    ctx.record = record.task_id
    ctx.task = task_id(NAME, record.task_id)
    provenance = ctx.provenance(record.task_id, str(index))
    ctx.warn("time_limit", f"not in the record; {DEFAULT_TIME_LIMIT:g} s", lossy=False)
    if record.level not in ("easy", "medium", "hard"):
        ctx.warn("level", f"{record.level!r}: medium", lossy=False)
    if record.reference_length is not None:
        ctx.warn(
            "reference_length", f"{record.reference_length} human steps: not used", lossy=False
        )
    ctx.warn(
        "trajectory",
        "WebJudge reads key screenshots and the action history, which are not recorded here; "
        "the judge reads the answer file",
        lossy=True,
    )
    host = urlsplit(record.website).hostname or record.website
    task = ImportedTask(
        id=ctx.task,
        title=record.confirmed_task[:120],
        instruction=record.confirmed_task,
        start_url=record.website,
        time_limit_sec=DEFAULT_TIME_LIMIT,
        category=host,
        domain="E-commerce & Daily Svcs",
        difficulty=record.level if record.level in ("easy", "medium", "hard") else "medium",
        keywords=["web", "live-site", "mind2web"],
        checks=[
            ImportedCheck(
                name="webjudge",
                kind="judge",
                weight=1.0,
                goal=True,
                rationale="the task is done on the live site (LLM judge, WebJudge-style)",
                question=f"{WEBJUDGE}\nTask: {record.confirmed_task}",
            )
        ],
        layers=list(LAYERS),
        not_runnable=live_site(record.website),
        provenance=provenance,
    )
    ctx.check_time("mapping the record")
    return task
