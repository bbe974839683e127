"""ClawBench's own tasks (``test-cases/**/task.json``, V2 layout ``<dir>/task.json`` with
``extra_info/``): live-site tasks scored by intercepting the final write request.

| clawbench field | ours | notes |
|---|---|---|
| ``metadata.task_id`` | ``source_id``; task dir ``clawbench-<id>`` | |
| ``instruction`` | instruction.md | |
| ``metadata.description`` | title | |
| ``metadata.sites_involved`` | start URL ``https://<first site>/`` | warning: ClawBench gives no start URL |
| ``time_limit`` (minutes) | ``[agent].timeout_sec`` (x 60) | |
| ``metadata.metaclass`` / ``class`` | category ``metaclass/class``; keywords | |
| ``eval_schema`` (``url_pattern``, ``method``) | ``submission``: ``not_scored`` | warning: the request interceptor on the live site is not here |
| ``judge_context.rubric`` | a ``judge`` checkpoint | not scored without a judge |
| ``extra_info[]`` | listed in the instruction as the agent's input files | warning: the files are not copied |
| ``metadata.common_info`` | dropped (ClawBench's shared dummy user) | |
| a record without ``instruction`` / ``metadata.task_id`` / ``eval_schema`` | refused | |

Scoring layers: llm_judge_only (submission_intercept needs ClawBench's live interceptor).
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
from taskkit.importers.model import ImportedTask, ScoringLayer, task_id

NAME = "clawbench"
LAYERS = (ScoringLayer.LLM_JUDGE_ONLY,)


class Metadata(BaseModel):
    model_config = ConfigDict(extra="allow")
    task_id: int
    metaclass: str = "general"
    class_: str = Field("general", alias="class")
    description: str = ""
    sites_involved: list[str] = []


class EvalSchema(BaseModel):
    model_config = ConfigDict(extra="allow")
    url_pattern: str = Field(min_length=1)
    method: str = "POST"


class Record(BaseModel):
    model_config = ConfigDict(extra="allow")
    metadata: Metadata
    instruction: str = Field(min_length=1)
    eval_schema: EvalSchema
    time_limit: float = Field(30, gt=0)
    extra_info: list[dict[str, Any]] = []
    judge_context: dict[str, Any] = {}


def load(path: Path, log: ImportLog | None = None) -> list[ImportedTask]:
    """Every ``task.json`` under ``path``, and ``*.json`` task files directly in it, each
    resolving inside ``path``."""
    log = log if log is not None else ImportLog()
    files = sorted(path.rglob("task.json")) + sorted(
        p
        for p in path.rglob("*.json")
        if p.name not in ("task.json", "task.schema.json") and "extra_info" not in p.parts
    )
    tasks = []
    for file in files:
        relative = file.relative_to(path).as_posix()
        ctx = RecordContext(NAME, pins()[NAME], log, relative, relative)
        try:
            tasks.append(_task(ctx.read(path, relative, "(file)", SOURCE_FOLDER), ctx))
        except RecordError as error:
            log.refuse(error)
    return tasks


def _task(text: str, ctx: RecordContext) -> ImportedTask:
    data = ctx.parse_json(text)
    if isinstance(data, dict) and isinstance(data.get("metadata"), dict):
        ctx.record = str(data["metadata"].get("task_id", ctx.record))  # named before it is parsed
    record: Record = parsed(Record, data, ctx)
    meta = record.metadata
    ctx.record = str(meta.task_id)
    ctx.task = task_id(NAME, str(meta.task_id))
    provenance = ctx.provenance(str(meta.task_id))
    site = meta.sites_involved[0] if meta.sites_involved else ""
    start = f"https://{site}/" if "." in site else None
    ctx.warn("start_url", f"none upstream; {start or 'none'} from sites_involved")
    ctx.warn(
        "eval_schema",
        f"{record.eval_schema.method} {record.eval_schema.url_pattern}: the live interceptor is not here; not scored",
    )
    checks = [
        ImportedCheck(
            name="submission",
            kind="not_scored",
            weight=1.0,
            goal=True,
            rationale=f"the final {record.eval_schema.method} request matches ClawBench's pattern",
            reason="ClawBench's request interceptor on the live site is not available here",
        )
    ]
    rubric = str(record.judge_context.get("rubric", "")).strip()
    if rubric:
        checks.append(
            ImportedCheck(
                name="judge_rubric",
                kind="judge",
                weight=1.0,
                rationale="ClawBench's judge rubric",
                question=rubric,
            )
        )
    paths = [str(item.get("path", "")) for item in record.extra_info if item.get("path")]
    if paths:
        ctx.warn("extra_info", f"{len(paths)} file(s) listed, not copied")
    task = ImportedTask(
        id=ctx.task,
        title=(meta.description or record.instruction)[:120],
        instruction=record.instruction,
        start_url=start,
        workspace=paths,
        time_limit_sec=record.time_limit * 60,
        category=f"{meta.metaclass}/{meta.class_}",
        domain="E-commerce & Daily Svcs",
        keywords=["web", "live-site", meta.metaclass.lower().replace(" ", "-")],
        checks=checks,
        layers=list(LAYERS),
        provenance=provenance,
    )
    ctx.check_time("mapping the record")
    return task
